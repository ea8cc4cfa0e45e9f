import { useT } from '../kit/i18n';
import { SlIcon } from '../kit/sl';

/** Shown for a menu url that has no screen in the page registry yet. */
export function PageNotBuilt({ url }: { url: string }) {
  const t = useT();
  return (
    <div className="page-notice page-not-built">
      <SlIcon name="cone-striped" />
      <p>{t('shell.pageNotBuilt')}</p>
      <code>{url}</code>
    </div>
  );
}
