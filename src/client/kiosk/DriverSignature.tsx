import { useState } from 'react';
import { MIN_SIGNATURE_INK_PX } from '../../shared/kiosk';
import { useT } from '../kit/i18n';
import { SignaturePad } from '../signature/SignaturePad';
import { EMPTY_HISTORY, inkLength, isBlank, type StrokeHistory, undoStroke } from '../signature/strokes';

interface Props {
  driverName: string;
  history: StrokeHistory;
  onChange: (history: StrokeHistory) => void;
  onBack: () => void;
  onNext: (size: { width: number; height: number }) => void;
}

/**
 * The driver signs over the whole screen: the pad, undo, clear, back and on to the preview — once the strokes hold
 * MIN_SIGNATURE_INK_PX of ink (40 mm): a tap's dot, a tick or a dash is not a signature and says so.
 */
export function DriverSignature({ driverName, history, onChange, onBack, onNext }: Props) {
  const t = useT();
  // The pad's size is fixed when it opens (strokes are kept in its pixels): the screen less the caption and buttons.
  const [size] = useState(() => ({
    width: Math.max(320, Math.min(window.innerWidth - 48, 1600)),
    height: Math.max(240, Math.min(window.innerHeight - 190, 900)),
  }));
  const blank = isBlank(history);
  const enough = inkLength(history.strokes) >= MIN_SIGNATURE_INK_PX;
  return (
    <div className="kiosk-sign-full" data-testid="kiosk-sign">
      {/* In the caption's place (the pad fills the rest of the screen): what is drawn is too short to count. */}
      {!blank && !enough ? (
        <p className="kiosk-sign-caption kiosk-sign-short" data-testid="kiosk-sign-short" role="status">
          {t('kiosk.handover.signTooShort')}
        </p>
      ) : (
        <p className="kiosk-sign-caption">{t('kiosk.handover.signHere', { name: driverName })}</p>
      )}
      <SignaturePad
        className="kiosk-sign-pad"
        width={size.width}
        height={size.height}
        history={history}
        onChange={onChange}
        lineWidth={3.5}
        label={t('kiosk.handover.signature')}
      />

      <div className="kiosk-actions">
        <button type="button" className="kiosk-button" data-testid="kiosk-back" onClick={onBack}>
          {t('kiosk.back')}
        </button>
        <button
          type="button"
          className="kiosk-button"
          data-testid="kiosk-undo"
          disabled={history.undoable === 0}
          onClick={() => onChange(undoStroke(history))}
        >
          {t('kiosk.handover.undo')}
        </button>
        <button
          type="button"
          className="kiosk-button"
          data-testid="kiosk-clear"
          disabled={blank}
          onClick={() => onChange(EMPTY_HISTORY)}
        >
          {t('kiosk.handover.clear')}
        </button>
        <button
          type="button"
          className="kiosk-button kiosk-primary"
          data-testid="kiosk-next"
          disabled={!enough}
          onClick={() => onNext(size)}
        >
          {t('kiosk.handover.toPreview')}
        </button>
      </div>
    </div>
  );
}
