/**
 * An administrator sets or clears (empty) a user's dock-station secret: the PIN (4–8 digits) or the badge (issues 16,
 * 24). Both are write-only: the value typed is sent once and never shown again (the list shows only whether it is set).
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type FormEvent, useState } from 'react';
import { BADGE_PATTERN, normalizeBadge, PIN_PATTERN } from '../../../shared/kiosk';
import { toast } from '../../kit/api';
import { DialogFooter } from '../../kit/DialogFooter';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { SlInput } from '../../kit/sl';
import { useDialogPost } from '../../kit/useDialogPost';

export type StationSecret = 'pin' | 'badge';

/** Per secret: its route, how a typed value is cleaned and checked, and its texts (`kiosk.user.<kind>…`). */
const SECRETS = {
  pin: {
    url: '/user/setPin',
    clean: (value: string) => value.replace(/\D/g, ''),
    valid: (value: string) => PIN_PATTERN.test(value),
    maxlength: 8,
    inputmode: 'numeric',
  },
  badge: {
    url: '/user/setBadge',
    clean: (value: string) => value,
    valid: (value: string) => BADGE_PATTERN.test(normalizeBadge(value)),
    maxlength: 40,
    inputmode: 'text',
  },
} as const;

export interface StationSecretDialogProps {
  kind: StationSecret;
  /** The user whose secret is set; null keeps the dialog closed. */
  user: EntityRow | null;
  onClose: () => void;
  /** After the server accepted it (the list reloads: whether the secret is set changed). */
  onSaved: () => void;
}

export function StationSecretDialog({ kind, user, onClose, onSaved }: StationSecretDialogProps) {
  const t = useT();
  const [value, setValue] = useState('');
  const { busy, post } = useDialogPost();
  if (!user) return null;
  const secret = SECRETS[kind];
  const name = String(user.name ?? '');
  const clearing = value.trim() === '';
  const valid = clearing || secret.valid(value);

  const close = () => {
    setValue('');
    onClose();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!valid) return;
    await post(secret.url, { id: user.id, [kind]: value }, () => {
      toast('success', t(`kiosk.user.${kind}${clearing ? 'Cleared' : 'Set'}`, { name }));
      close();
      onSaved();
    });
  };

  return (
    <ModalDialog label={t(`kiosk.user.${kind}Title`, { name })} open onClose={close} data-testid={`${kind}-dialog`}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <SlInput
          type="password"
          passwordToggle
          inputmode={secret.inputmode}
          autocomplete="new-password"
          label={t(`kiosk.user.${kind}Label`)}
          helpText={t(`kiosk.user.${kind}Hint`)}
          value={value}
          maxlength={secret.maxlength}
          data-invalid={!valid || undefined}
          data-testid={`${kind}-input`}
          onSlInput={(event) => setValue(secret.clean((event.target as SlInputElement).value))}
        />
      </form>
      <DialogFooter
        cancelLabel="kit.confirm.cancel"
        onCancel={close}
        submitLabel="kit.confirm.ok"
        submitTestId={`${kind}-ok`}
        submitDisabled={!valid}
        busy={busy}
        onSubmit={() => void submit()}
      />
    </ModalDialog>
  );
}
