import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { useT } from '../kit/i18n';
import { session, setSidebarCollapsed } from '../kit/session';
import { SlIconButton } from '../kit/sl';
import { drawer, setDrawerOpen } from './drawer';
import { LanguageSelect } from './LanguageSelect';
import { NoticePanel } from './NoticePanel';
import { ThemePicker } from './ThemePicker';
import { UserPanel } from './UserPanel';

/** The 50 px top bar: sidebar toggle, home, notices, theme colour, language, user panel. */
export function HeaderBar() {
  const t = useT();
  const [, setLocation] = useLocation();
  const { sidebarCollapsed } = useSnapshot(session);
  const { narrow, open } = useSnapshot(drawer);
  // On a narrow screen the button opens the menu drawer; on a wide one it folds the menu to its icons.
  const folded = narrow ? !open : sidebarCollapsed;
  return (
    <header className="shell-header">
      <SlIconButton
        name={narrow ? 'list' : sidebarCollapsed ? 'text-indent-left' : 'text-indent-right'}
        label={t(folded ? 'shell.expandMenu' : 'shell.collapseMenu')}
        data-testid="menu-toggle"
        aria-expanded={narrow ? open : undefined}
        onClick={() => (narrow ? setDrawerOpen(!open) : setSidebarCollapsed(!sidebarCollapsed))}
      />
      <SlIconButton name="house" label={t('shell.home')} className="header-home" onClick={() => setLocation('/')} />
      <div className="shell-header-spacer" />
      <NoticePanel />
      <ThemePicker />
      <LanguageSelect />
      <UserPanel />
    </header>
  );
}
