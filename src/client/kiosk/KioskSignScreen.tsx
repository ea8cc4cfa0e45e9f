import { useT } from '../kit/i18n';
import { SignatureTool } from '../signature/SignatureTool';

/**
 * "Sign a document": the console's PDF signature tool, full screen for touch. Loaded lazily with this screen (pdf.js
 * and pdf-lib stay out of the kiosk's first chunk).
 */
export function KioskSignScreen() {
  const t = useT();
  return (
    <section className="kiosk-sign-document" data-testid="kiosk-sign-document">
      <h1 className="kiosk-flow-title">{t('kiosk.flow.SIGN')}</h1>
      <SignatureTool fullScreen />
    </section>
  );
}
