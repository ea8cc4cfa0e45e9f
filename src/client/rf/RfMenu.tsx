import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { OptionEntry } from '../../shared/lookups';
import type { RfHome } from '../../shared/rf';
import { LANGUAGES, type LanguageCode } from '../../shared/wire';
import { useT } from '../kit/i18n';
import { session, setLanguage } from '../kit/session';
import { SlIcon, SlSpinner } from '../kit/sl';
import { rfOptions } from './rfApi';

// Language names in their own language, so a worker who cannot read the current one finds theirs.
const LANGUAGE_NAMES: Record<LanguageCode, string> = { zh_cn: '中文', en_us: 'English' };

type Panel = 'main' | 'device' | 'warehouse' | 'client';

interface Props {
  home: RfHome | null;
  canOpenConsole: boolean;
  onChooseFlow: () => void;
  onBindDevice: (forkId: string) => void;
  onPlace: (whId: string, clientCode: string) => void;
  onConsole: () => void;
  onSignOut: () => void;
  onClose: () => void;
}

/** The handheld's menu: flows, device, warehouse and client, language, the console, sign out — big buttons. */
export function RfMenu({ home, canOpenConsole, onChooseFlow, onBindDevice, onPlace, onConsole, onSignOut, onClose }: Props) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [panel, setPanel] = useState<Panel>('main');
  const [choices, setChoices] = useState<OptionEntry[] | null>(null);
  const [whId, setWhId] = useState('');

  useEffect(() => {
    if (panel === 'main') return;
    let cancelled = false;
    setChoices(null);
    const load =
      panel === 'device'
        ? rfOptions('getFork', { whId: home?.whId ?? '' })
        : panel === 'warehouse'
          ? rfOptions('getWhse', { userName: session.user ?? '' })
          : rfOptions('getClient', { whId });
    load.then((list) => {
      if (!cancelled) setChoices(list);
    });
    return () => {
      cancelled = true;
    };
  }, [panel, whId, home?.whId]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      if (panel === 'main') onClose();
      else setPanel(panel === 'client' ? 'warehouse' : 'main');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [panel, onClose]);

  if (panel !== 'main') {
    const title = { device: 'rfDialog.bindDevice', warehouse: 'rfDialog.chooseWarehouse', client: 'rfDialog.chooseClient' }[
      panel
    ];
    const current = panel === 'device' ? home?.forkId : panel === 'warehouse' ? home?.whId : home?.clientCode;
    return (
      <nav className="rf-menu" data-testid={`rf-menu-${panel}`} aria-label={t(title)}>
        <h1 className="rf-title">{t(title)}</h1>
        {choices === null ? (
          <SlSpinner className="rf-spinner" />
        ) : choices.length === 0 ? (
          <p className="rf-empty">{t(panel === 'device' ? 'rfDialog.noDevices' : 'rfDialog.noChoices')}</p>
        ) : (
          choices.map((choice) => (
            <button
              key={choice.optionValue}
              type="button"
              className={`rf-menu-item${choice.optionValue === current ? ' rf-current' : ''}`}
              data-testid={`rf-choice-${choice.optionValue}`}
              aria-current={choice.optionValue === current ? 'true' : undefined}
              onClick={() => {
                if (panel === 'device') onBindDevice(choice.optionValue);
                else if (panel === 'warehouse') {
                  setWhId(choice.optionValue);
                  setPanel('client');
                } else onPlace(whId, choice.optionValue);
              }}
            >
              {choice.optionDisplay || choice.optionValue}
            </button>
          ))
        )}
        <button
          type="button"
          className="rf-menu-item rf-menu-back"
          onClick={() => setPanel(panel === 'client' ? 'warehouse' : 'main')}
        >
          <SlIcon name="arrow-left" /> {t('rfDialog.back')}
        </button>
      </nav>
    );
  }

  return (
    <nav className="rf-menu" data-testid="rf-menu" aria-label={t('rfDialog.menu')}>
      <button type="button" className="rf-menu-item" data-testid="rf-menu-flows" onClick={onChooseFlow}>
        <SlIcon name="list-task" /> {t('rfDialog.chooseFlow')}
      </button>
      <button type="button" className="rf-menu-item" data-testid="rf-menu-device" onClick={() => setPanel('device')}>
        <SlIcon name="phone" /> {t('rfDialog.bindDevice')}
        <span className="rf-menu-value">{home?.forkId ?? t('rfDialog.noDevice')}</span>
      </button>
      <button type="button" className="rf-menu-item" data-testid="rf-menu-place" onClick={() => setPanel('warehouse')}>
        <SlIcon name="building" /> {t('rfDialog.place')}
        <span className="rf-menu-value">
          {home?.whId ?? '—'} / {home?.clientCode ?? '—'}
        </span>
      </button>
      <fieldset className="rf-menu-languages" aria-label={t('rfDialog.language')}>
        {LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            className={`rf-menu-item${code === language ? ' rf-current' : ''}`}
            data-testid={`rf-language-${code}`}
            aria-pressed={code === language}
            onClick={() => {
              setLanguage(code);
              onClose();
            }}
          >
            {LANGUAGE_NAMES[code]}
          </button>
        ))}
      </fieldset>
      {canOpenConsole && (
        <button type="button" className="rf-menu-item" data-testid="rf-menu-console" onClick={onConsole}>
          <SlIcon name="window" /> {t('rfDialog.console')}
        </button>
      )}
      <button type="button" className="rf-menu-item" data-testid="rf-menu-signout" onClick={onSignOut}>
        <SlIcon name="box-arrow-right" /> {t('rfDialog.signOut')}
      </button>
      <button type="button" className="rf-menu-item rf-menu-back" data-testid="rf-menu-close" onClick={onClose}>
        <SlIcon name="x-lg" /> {t('rfDialog.close')}
      </button>
    </nav>
  );
}
