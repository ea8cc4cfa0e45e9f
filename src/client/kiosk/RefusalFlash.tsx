import { useEffect } from 'react';
import { useT } from '../kit/i18n';
import { SlIcon } from '../kit/sl';
import { alarm } from './alarm';

/** A refused scan, loudly: the whole screen red with the reason, a beep and a buzz; a touch (or 4 s) ends it. */
export function RefusalFlash({ message, onDone }: { message: string; onDone: () => void }) {
  const t = useT();
  useEffect(() => {
    alarm();
    const timer = setTimeout(onDone, 4000);
    return () => clearTimeout(timer);
  }, [onDone]);
  return (
    <div role="alert">
      <button type="button" className="kiosk-flash" data-testid="kiosk-flash" onClick={onDone}>
        <SlIcon name="x-octagon" className="kiosk-flash-icon" />
        <span className="kiosk-flash-text">{message}</span>
        <span className="kiosk-flash-hint">{t('kiosk.flash.dismiss')}</span>
      </button>
    </div>
  );
}
