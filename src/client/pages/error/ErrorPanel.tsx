import { useLocation } from 'wouter';
import { useT } from '../../kit/i18n';
import { SlButton, SlIcon } from '../../kit/slLogin';

/** The body of the error pages: a big code, its message, and the way out. */
export function ErrorPanel({
  code,
  message,
  reference,
  showBack,
}: {
  code: string;
  message: string;
  /** The failed request's id (server failures), shown small for a user to quote. */
  reference?: string;
  showBack?: boolean;
}) {
  const t = useT();
  const [, setLocation] = useLocation();
  return (
    <main className="error-page">
      <div className="error-code">{code}</div>
      <p className="error-message">{message}</p>
      {reference && <p className="error-reference">{t('errorPage.reference', { id: reference })}</p>}
      <div className="error-actions">
        {showBack && (
          <SlButton onClick={() => history.back()}>
            <SlIcon slot="prefix" name="arrow-left" />
            {t('errorPage.goBack')}
          </SlButton>
        )}
        <SlButton variant="primary" onClick={() => setLocation('/')}>
          <SlIcon slot="prefix" name="house" />
          {t('errorPage.goHome')}
        </SlButton>
      </div>
    </main>
  );
}
