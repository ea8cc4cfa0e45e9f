import { useT } from '../kit/i18n';

/** The SIGN tile's screen: the document signing tool, full screen (awaiting SignatureTool from branch kiosk-sign). */
export function KioskSignScreen() {
  const t = useT();
  return <p className="kiosk-empty">{t('kiosk.flow.SIGN')}</p>;
}
