import { useT } from '../kit/i18n';
import { SlIcon } from '../kit/sl';
import type { StationProblem } from './stationCheck';

/**
 * The station refuses to start (stationCheck.ts): the whole screen, in both languages (the station's own language is not
 * known before it reaches the server), what is missing and what the administrator does. Nothing is signed here.
 */
export function KioskUnsupported({ problems }: { problems: readonly StationProblem[] }) {
  const t = useT();
  return (
    <div className="kiosk-unsupported" data-testid="kiosk-unsupported" role="alert">
      <SlIcon name="exclamation-octagon" className="kiosk-big-icon" />
      <h1>{t('kiosk.unsupported.title')}</h1>
      <ul>
        {problems.map((problem) => (
          <li key={problem} data-testid={`kiosk-unsupported-${problem}`}>
            {t(`kiosk.unsupported.${problem}`)}
          </li>
        ))}
      </ul>
      <p>{t('kiosk.unsupported.hint')}</p>
    </div>
  );
}
