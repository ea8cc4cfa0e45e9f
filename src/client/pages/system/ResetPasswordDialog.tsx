/** An administrator sets a new password for a user; the user's open sessions end. */
import { useT } from '../../kit/i18n';
import { PasswordDialog, postAccepted } from './PasswordDialog';

export interface ResetPasswordDialogProps {
  /** The user whose password is reset; null keeps the dialog closed. */
  user: { id?: number; name?: unknown } | null;
  onClose: () => void;
}

export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  const t = useT();
  return (
    <PasswordDialog
      open={user !== null}
      title={t('sys.password.resetTitle', { name: String(user?.name ?? '') })}
      askCurrent={false}
      onClose={onClose}
      submit={(_current, password) => postAccepted('/user/resetPassword', { id: user?.id, password })}
    />
  );
}
