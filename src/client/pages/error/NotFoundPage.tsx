import { useT } from '../../kit/i18n';
import { ErrorPanel } from './ErrorPanel';

/** /404: the address matches no screen. */
export function NotFoundPage() {
  const t = useT();
  return <ErrorPanel code="404" message={t('errorPage.notFound')} showBack />;
}
