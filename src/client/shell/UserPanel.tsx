import type SlDropdownElement from '@shoelace-style/shoelace/dist/components/dropdown/dropdown.component.js';
import { lazy, Suspense, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { apiPost } from '../kit/api';
import { useT } from '../kit/i18n';
import { ModalDialog } from '../kit/ModalDialog';
import { session, signOut, usePermission } from '../kit/session';
import { SlButton, SlDivider, SlDropdown, SlIcon } from '../kit/sl';
import { BackupDialog } from './BackupDialog';

const ChangePasswordDialog = lazy(() =>
  import('../pages/system/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/** The header's user name with its personal panel (name, role label, change password, backup and restore, logout). */
export function UserPanel() {
  const t = useT();
  const [, setLocation] = useLocation();
  const { user, displayName, roleLabel } = useSnapshot(session);
  const [confirming, setConfirming] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [backupOpen, setBackupOpen] = useState(false);
  const canBackup = usePermission('sys:backup:view');
  const dropdown = useRef<SlDropdownElement>(null);

  const logout = async () => {
    setBusy(true);
    try {
      // A failed logout call still ends the session here: the user asked to leave.
      await apiPost('/logout', { user });
    } catch {
      // Already reported by the api client.
    } finally {
      setBusy(false);
      setConfirming(false);
      signOut();
      setLocation('/login', { replace: true });
    }
  };

  const name = displayName || user || '';
  return (
    <>
      <SlDropdown ref={dropdown} className="user-panel" placement="bottom-end" distance={6} hoist>
        <button type="button" slot="trigger" className="header-user">
          <SlIcon name="person-circle" />
          <span>{name}</span>
          <SlIcon name="chevron-down" className="header-user-caret" />
        </button>
        <div className="user-card">
          <SlIcon name="person-circle" className="user-card-avatar" />
          <div className="user-card-name">{name}</div>
          <div className="user-card-role">{roleLabel ? t(roleLabel) : t('shell.roleDefault')}</div>
          <SlDivider />
          {canBackup && (
            <SlButton
              size="small"
              variant="default"
              className="user-card-action"
              data-testid="open-backup"
              onClick={() => {
                void dropdown.current?.hide();
                setBackupOpen(true);
              }}
            >
              <SlIcon slot="prefix" name="database-gear" />
              {t('backup.title')}
            </SlButton>
          )}
          <SlButton
            size="small"
            className="user-card-password"
            onClick={() => {
              void dropdown.current?.hide();
              setChangingPassword(true);
            }}
          >
            <SlIcon slot="prefix" name="key" />
            {t('sys.password.changeTitle')}
          </SlButton>
          <SlButton
            size="small"
            variant="default"
            className="user-card-logout"
            onClick={() => {
              // The panel closes so the confirmation stands alone.
              void dropdown.current?.hide();
              setConfirming(true);
            }}
          >
            <SlIcon slot="prefix" name="box-arrow-right" />
            {t('shell.logout')}
          </SlButton>
        </div>
      </SlDropdown>
      {changingPassword ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog open onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
      <ModalDialog
        label={t('shell.logoutTitle')}
        open={confirming}
        onClose={() => setConfirming(false)}
        className="confirm-dialog"
      >
        {t('shell.logoutConfirm')}
        <SlButton slot="footer" onClick={() => setConfirming(false)}>
          {t('shell.cancel')}
        </SlButton>
        <SlButton slot="footer" variant="primary" loading={busy} onClick={logout}>
          {t('shell.confirm')}
        </SlButton>
      </ModalDialog>
      <BackupDialog open={backupOpen} onClose={() => setBackupOpen(false)} />
    </>
  );
}
