/** The personal panel's "change password": the signed-in user's own, with the current password. */
import { useT } from '../../kit/i18n';
import { PasswordDialog, postAccepted } from './PasswordDialog';

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Opened from the header's user panel; other sessions of the user end when it succeeds. */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const t = useT();
  return (
    <PasswordDialog
      open={open}
      title={t('sys.password.changeTitle')}
      askCurrent
      onClose={onClose}
      submit={(oldPassword, newPassword) => postAccepted('/user/changePassword', { oldPassword, newPassword })}
    />
  );
}
