import type { KioskCarton } from '../../shared/kiosk';
import { useT } from '../kit/i18n';
import { SlIcon } from '../kit/sl';

/** The delivery's cartons, each ticked once scanned as loaded. */
export function CartonChecklist({ cartons, loaded }: { cartons: readonly KioskCarton[]; loaded: readonly string[] }) {
  const t = useT();
  return (
    <ul className="kiosk-cartons" data-testid="kiosk-cartons">
      {cartons.map((carton) => {
        const done = loaded.includes(carton.cartonNumber);
        return (
          <li
            key={carton.cartonNumber}
            className={done ? 'kiosk-carton-loaded' : ''}
            data-testid="kiosk-carton"
            data-loaded={done}
          >
            <SlIcon name={done ? 'check-circle-fill' : 'circle'} />
            <span className="kiosk-carton-number">{carton.cartonNumber}</span>
            <span className="kiosk-carton-detail">
              {[
                carton.shipLabelBarcode,
                carton.orderNumber,
                carton.cartonType,
                carton.weight ? t('kiosk.handover.weight', { weight: carton.weight }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
