import { useLocation, useParams } from 'wouter';
import { useT } from '../../kit/i18n';
import { SlButton, SlIcon } from '../../kit/sl';

/** /error/:status — shown after a failed HTTP response (spec 000 §8), with the status message. */
export function ErrorStatusPage() {
  const t = useT();
  const [, setLocation] = useLocation();
  const { status = '' } = useParams<{ status: string }>();
  // Only a 3-digit status is echoed: the path is user-controlled.
  const code = /^\d{3}$/.test(status) ? status : '';
  const key = `http.${code}`;
  const message = code && t(key) !== key ? t(key) : t('errorPage.unknown');
  return (
    <main className="error-page">
      <div className="error-code">{code || '!'}</div>
      <p className="error-message">{message}</p>
      <div className="error-actions">
        <SlButton variant="primary" onClick={() => setLocation('/')}>
          <SlIcon slot="prefix" name="house" />
          {t('errorPage.goHome')}
        </SlButton>
      </div>
    </main>
  );
}
