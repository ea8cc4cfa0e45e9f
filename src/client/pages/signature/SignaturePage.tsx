/**
 * Core/Signature (spec 000 §2 "Signature tool"), opened from the side menu or the table toolbar's signature shortcut
 * with a `date` query parameter (the time of opening; nothing to read from it). The tool itself is shared with the
 * dock kiosk (src/client/signature/SignatureTool.tsx).
 */
import { useT } from '../../kit/i18n';
import { SignatureTool } from '../../signature/SignatureTool';

export function SignaturePage() {
  const t = useT();
  return (
    <section className="signature-screen" data-testid="signature-screen">
      <h2 className="signature-screen__title">{t('signature.title')}</h2>
      <SignatureTool />
    </section>
  );
}
