/** An administrator sets (4–8 digits) or clears (empty) the PIN a user signs in with at a dock station (issue 16). */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type FormEvent, useState } from 'react';
import { PIN_PATTERN } from '../../../shared/kiosk';
import { toast } from '../../kit/api';
import { DialogFooter } from '../../kit/DialogFooter';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { SlInput } from '../../kit/sl';
import { useDialogPost } from '../../kit/useDialogPost';

export interface SetPinDialogProps {
  /** The user whose PIN is set; null keeps the dialog closed. */
  user: EntityRow | null;
  onClose: () => void;
}

export function SetPinDialog({ user, onClose }: SetPinDialogProps) {
  const t = useT();
  const [pin, setPin] = useState('');
  const { busy, post } = useDialogPost();
  if (!user) return null;
  const name = String(user.name ?? '');
  const valid = pin === '' || PIN_PATTERN.test(pin);

  const close = () => {
    setPin('');
    onClose();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!valid) return;
    await post('/user/setPin', { id: user.id, pin }, () => {
      toast('success', t(pin ? 'kiosk.user.pinSet' : 'kiosk.user.pinCleared', { name }));
      close();
    });
  };

  return (
    <ModalDialog label={t('kiosk.user.pinTitle', { name })} open onClose={close} data-testid="pin-dialog">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <SlInput
          type="password"
          inputmode="numeric"
          autocomplete="new-password"
          label={t('kiosk.user.pinLabel')}
          helpText={t('kiosk.user.pinHint')}
          value={pin}
          maxlength={8}
          data-invalid={!valid || undefined}
          data-testid="pin-input"
          onSlInput={(event) => setPin((event.target as SlInputElement).value.replace(/\D/g, ''))}
        />
      </form>
      <DialogFooter
        cancelLabel="kit.confirm.cancel"
        onCancel={close}
        submitLabel="kit.confirm.ok"
        submitTestId="pin-ok"
        submitDisabled={!valid}
        busy={busy}
        onSubmit={() => void submit()}
      />
    </ModalDialog>
  );
}
