import { useState } from 'react';
import { useT } from '../kit/i18n';
import { SignaturePad } from '../signature/SignaturePad';
import { EMPTY_HISTORY, isBlank, type StrokeHistory, undoStroke } from '../signature/strokes';

interface Props {
  driverName: string;
  history: StrokeHistory;
  onChange: (history: StrokeHistory) => void;
  onBack: () => void;
  onNext: (size: { width: number; height: number }) => void;
}

/** The driver signs over the whole screen: the pad, undo, clear, back and on to the preview. */
export function DriverSignature({ driverName, history, onChange, onBack, onNext }: Props) {
  const t = useT();
  // The pad's size is fixed when it opens (strokes are kept in its pixels): the screen less the caption and buttons.
  const [size] = useState(() => ({
    width: Math.max(320, Math.min(window.innerWidth - 48, 1600)),
    height: Math.max(240, Math.min(window.innerHeight - 190, 900)),
  }));
  return (
    <div className="kiosk-sign-full" data-testid="kiosk-sign">
      <p className="kiosk-sign-caption">{t('kiosk.handover.signHere', { name: driverName })}</p>
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
          disabled={isBlank(history)}
          onClick={() => onChange(EMPTY_HISTORY)}
        >
          {t('kiosk.handover.clear')}
        </button>
        <button
          type="button"
          className="kiosk-button kiosk-primary"
          data-testid="kiosk-next"
          disabled={isBlank(history)}
          onClick={() => onNext(size)}
        >
          {t('kiosk.handover.toPreview')}
        </button>
      </div>
    </div>
  );
}
