import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { LOCALE_IDS } from '../../shared/wire';
import { useT } from '../kit/i18n';
import { session } from '../kit/session';
import { SlSpinner } from '../kit/sl';
import { Message, RfDialogView } from '../rf/RfDialogView';
import { getRfDialog, getRfHome } from '../rf/rfApi';
import { useRfRuntime } from '../rf/useRfRuntime';
import '../rf/rf.css';

interface Props {
  flow: 'RECEIVE' | 'LOOKUP';
  /** The RF main process the tile runs (KIOSK_RF_PROCESS). */
  mainProcessName: string;
  /** The station's warehouse: the flow runs there. */
  whId: string;
}

/**
 * "Receive at this door" and "Look up": the handheld's RF dialog (the same runtime and view) inside the kiosk frame,
 * started in the station's warehouse, sized for the station (`rf-station`: larger text and targets than a handheld's).
 * When the flow ends the worker starts it again or goes home.
 */
export function KioskRfFlow({ flow, mainProcessName, whId }: Props) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [ended, setEnded] = useState(false);
  const rf = useRfRuntime({ onShown: (shown) => setEnded(shown === null), focused: true });
  const { dialog, message, busy, refuse, run } = rf;

  const start = useCallback(() => {
    setEnded(false);
    void run(() => getRfDialog({ mainProcessName, whId, localeId: LOCALE_IDS[session.language] }));
  }, [run, mainProcessName, whId]);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      // The RF place is the station's warehouse (the server keeps the worker's client choice within it).
      const place = await getRfHome({ whId });
      if (!place.ok) refuse(place.message);
      start();
    })();
  }, [whId, start, refuse]);

  // Texts come from the server in the worker's language: a switch reads the dialog again.
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    if (dialog) void run(() => getRfDialog({ localeId: LOCALE_IDS[language] }));
  }, [language, dialog, run]);

  return (
    <div className="rf-page rf-station kiosk-rf" data-testid={`kiosk-rf-${flow}`} aria-busy={busy}>
      <h1 className="kiosk-rf-title">{t(`kiosk.flow.${flow}`)}</h1>
      {dialog && !ended ? (
        <RfDialogView dialog={dialog} rf={rf} />
      ) : ended ? (
        <div className="kiosk-rf-ended">
          <Message message={message} />
          <button type="button" className="kiosk-button kiosk-primary" data-testid="kiosk-rf-again" onClick={start}>
            {t('kiosk.rf.again')}
          </button>
        </div>
      ) : busy ? (
        <SlSpinner className="rf-spinner" />
      ) : (
        <Message message={message} />
      )}
    </div>
  );
}
