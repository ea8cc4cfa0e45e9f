import { HomePage } from '../pages/home/HomePage';
import { PAGES } from '../pages/registry';
import { IframePage } from './IframePage';
import { HOME_PATH, type MenuRoute, registryKeyOf } from './navigation';
import { PageNotBuilt } from './PageNotBuilt';

/** The screen of one workspace tab: home, an embedded frame, a registered page, or the "not built" panel. */
export function TabContent({ path, route }: { path: string; route: MenuRoute | undefined }) {
  if (path === HOME_PATH) return <HomePage />;
  if (!route) return null;
  if (route.frameSrc !== null) return <IframePage src={route.frameSrc} title={route.node.name} />;
  const key = registryKeyOf(path);
  const Page = PAGES[key];
  return Page ? <Page /> : <PageNotBuilt url={key} />;
}
