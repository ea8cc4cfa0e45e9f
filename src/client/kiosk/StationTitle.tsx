import type { StationConfig } from '../../shared/kiosk';
import { useT } from '../kit/i18n';

/** The top bar's title of a station: its name, then its warehouse and dock door. */
export function StationTitle({ station }: { station: StationConfig }) {
  const t = useT();
  return (
    <div className="kiosk-bar-title">
      {station.stationName}
      <span className="kiosk-bar-place">
        {station.whId} {station.whName}
        {station.dockDoor ? ` · ${t('kiosk.dockDoor', { door: station.dockDoor })}` : ''}
      </span>
    </div>
  );
}
