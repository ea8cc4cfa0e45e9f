import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { useT } from '../kit/i18n';
import { session, setSidebarCollapsed } from '../kit/session';
import { SlIconButton } from '../kit/sl';
import { LanguageSelect } from './LanguageSelect';
import { NoticePanel } from './NoticePanel';
import { ThemePicker } from './ThemePicker';
import { UserPanel } from './UserPanel';

/** The 50 px top bar: sidebar toggle, home, notices, theme colour, language, user panel. */
export function HeaderBar() {
  const t = useT();
  const [, setLocation] = useLocation();
  const { sidebarCollapsed } = useSnapshot(session);
  return (
    <header className="shell-header">
      <SlIconButton
        name={sidebarCollapsed ? 'text-indent-left' : 'text-indent-right'}
        label={t(sidebarCollapsed ? 'shell.expandMenu' : 'shell.collapseMenu')}
        onClick={() => setSidebarCollapsed(!sidebarCollapsed)}
      />
      <SlIconButton name="house" label={t('shell.home')} onClick={() => setLocation('/')} />
      <div className="shell-header-spacer" />
      <NoticePanel />
      <ThemePicker />
      <LanguageSelect />
      <UserPanel />
    </header>
  );
}
