/**
 * Core/Signature (spec 000 §2 "Signature tool"), opened from the side menu or the table toolbar's signature shortcut
 * with a `date` query parameter. Until the dock-station issue builds the PDF signing tool (pdf.js preview, a canvas
 * per page, pdf-lib stamping), the screen says where the tool will come from.
 */
import { useT } from '../../kit/i18n';
import { SlIcon } from '../../kit/sl';

export function SignaturePage() {
  const t = useT();
  return (
    <section className="page-notice" data-testid="signature-placeholder">
      <SlIcon name="pen" />
      <h2>{t('signature.title')}</h2>
      <p>{t('signature.comingWithDockStation')}</p>
    </section>
  );
}
