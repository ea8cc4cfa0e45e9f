/** The password form shared by "change my password" (current password required) and an administrator's reset. */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type CSSProperties, useEffect, useState } from 'react';
import { isStrongPassword } from '../../../shared/passwordRule';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { SlButton, SlInput } from '../../kit/sl';
import './system.css';

export interface PasswordDialogProps {
  open: boolean;
  /** Dialog title, already translated. */
  title: string;
  /** Ask for the current password (a user changing their own). */
  askCurrent: boolean;
  /** Sends the passwords; resolves true when the server accepted them. */
  submit: (current: string, next: string) => Promise<boolean>;
  onClose: () => void;
}

type Field = 'current' | 'next' | 'again';

/** Modal with the password rule shown up front; mistakes are named under the field. */
export function PasswordDialog({ open, title, askCurrent, submit, onClose }: PasswordDialogProps) {
  const t = useT();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', again: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) {
      setValues({ current: '', next: '', again: '' });
      setErrors({});
    }
  }, [open]);

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (askCurrent && !values.current) found.current = t('sys.password.currentRequired');
    if (!isStrongPassword(values.next)) found.next = t('error.passwordWeak');
    if (values.again !== values.next) found.again = t('sys.password.mismatch');
    return found;
  };

  const save = async () => {
    if (saving) return;
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      if (await submit(values.current, values.next)) {
        toast('success', t('kit.toast.success'));
        onClose();
      }
    } catch {
      // Reported by the api client.
    } finally {
      setSaving(false);
    }
  };

  const input = (field: Field, label: string) => (
    <div className={`wharf-field${errors[field] ? ' wharf-invalid' : ''}`}>
      <SlInput
        type="password"
        passwordToggle
        label={label}
        value={values[field]}
        autocomplete={field === 'current' ? 'current-password' : 'new-password'}
        data-testid={`password-${field}`}
        onSlInput={(event) => setValues((v) => ({ ...v, [field]: (event.target as SlInputElement).value }))}
      />
      <div className="wharf-field__error" role={errors[field] ? 'alert' : undefined}>
        {errors[field] ?? ''}
      </div>
    </div>
  );

  return (
    <ModalDialog
      open={open}
      label={title}
      className="sys-password-dialog"
      style={{ '--width': '420px' } as CSSProperties}
      data-testid="password-dialog"
      onClose={onClose}
    >
      <form
        className="wharf-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p className="sys-hint">{t('sys.password.rule')}</p>
        {askCurrent ? input('current', t('sys.password.current')) : null}
        {input('next', t('sys.password.new'))}
        {input('again', t('sys.password.again'))}
      </form>
      <SlButton slot="footer" data-testid="password-cancel" onClick={onClose}>
        {t('kit.action.cancel')}
      </SlButton>
      <SlButton slot="footer" variant="primary" loading={saving} data-testid="password-submit" onClick={() => void save()}>
        {t('kit.action.submit')}
      </SlButton>
    </ModalDialog>
  );
}

/** POSTs and tells whether the envelope is a success (refusals were toasted by the api client). */
export async function postAccepted(url: string, body: unknown): Promise<boolean> {
  const envelope = await apiPost<number>(url, body);
  return envelope.code === SUCCESS && Boolean(envelope.data);
}
