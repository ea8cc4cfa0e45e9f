/** An administrator sets (4–8 digits) or clears (empty) the PIN a user signs in with at a dock station (issue 16). */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type FormEvent, useState } from 'react';
import { PIN_PATTERN } from '../../../shared/kiosk';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { SlButton, SlInput } from '../../kit/sl';

export interface SetPinDialogProps {
  /** The user whose PIN is set; null keeps the dialog closed. */
  user: EntityRow | null;
  onClose: () => void;
}

export function SetPinDialog({ user, onClose }: SetPinDialogProps) {
  const t = useT();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
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
    setBusy(true);
    try {
      const envelope = await apiPost('/user/setPin', { id: user.id, pin });
      if (envelope.code !== SUCCESS) return;
      toast('success', t(pin ? 'kiosk.user.pinSet' : 'kiosk.user.pinCleared', { name }));
      close();
    } catch {
      // Reported by the api client.
    } finally {
      setBusy(false);
    }
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
      <SlButton slot="footer" onClick={close}>
        {t('kit.confirm.cancel')}
      </SlButton>
      <SlButton
        slot="footer"
        variant="primary"
        loading={busy}
        disabled={!valid}
        data-testid="pin-ok"
        onClick={() => void submit()}
      >
        {t('kit.confirm.ok')}
      </SlButton>
    </ModalDialog>
  );
}
