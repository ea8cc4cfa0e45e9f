import { useLocation } from 'wouter';
import { useT } from '../../kit/i18n';
import { SlButton, SlIcon } from '../../kit/sl';

/** /404: the address matches no screen. */
export function NotFoundPage() {
  const t = useT();
  const [, setLocation] = useLocation();
  return (
    <main className="error-page">
      <div className="error-code">404</div>
      <p className="error-message">{t('errorPage.notFound')}</p>
      <div className="error-actions">
        <SlButton onClick={() => history.back()}>
          <SlIcon slot="prefix" name="arrow-left" />
          {t('errorPage.goBack')}
        </SlButton>
        <SlButton variant="primary" onClick={() => setLocation('/')}>
          <SlIcon slot="prefix" name="house" />
          {t('errorPage.goHome')}
        </SlButton>
      </div>
    </main>
  );
}
