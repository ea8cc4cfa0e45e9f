/**
 * The API key form (Integrations screen): name (new keys only), role (never a super-administrator role), warehouse and
 * client grants (the user form's picker), expiry day and remark, saved by `/apiKey/create` or `/apiKey/update`. A new key's answer carries the
 * key itself, shown once by ApiKeyShownDialog.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { type FormEvent, useEffect, useState } from 'react';
import { API_KEY_NAME_PATTERN } from '../../../shared/entities/apiKey';
import { toast } from '../../kit/api';
import { DateInput } from '../../kit/DateInput';
import { DialogFooter } from '../../kit/DialogFooter';
import type { FormDialogProps } from '../../kit/FormDialog';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { SlInput, SlOption, SlSelect } from '../../kit/sl';
import { useDialogPost } from '../../kit/useDialogPost';
import {
  type GrantOption,
  loadApiKeyAccess,
  loadApiKeyGrantOptions,
  loadApiKeyRoles,
  type NewApiKey,
  type RoleOption,
} from './adminApi';
import { WarehouseGrantPicker } from './WarehouseGrantPicker';
import './system.css';

type Grants = Record<string, string[] | null>;

/** The day of a stored expiry in local time (yyyy-MM-dd), '' for none. */
function dayOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** A key valid "until" a day is valid to the end of it, in the administrator's time zone. */
const endOfDay = (day: string): string | null => (day ? new Date(`${day}T23:59:59.999`).toISOString() : null);

export interface ApiKeyDialogProps extends FormDialogProps {
  /** A new key was made: the screen shows it once. */
  onCreated: (key: NewApiKey) => void;
}

export function ApiKeyDialog({ open, row, onClose, onSaved, onCreated }: ApiKeyDialogProps) {
  const t = useT();
  const id = typeof row?.id === 'number' ? row.id : null;
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [options, setOptions] = useState<GrantOption[]>([]);
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState('');
  const [grants, setGrants] = useState<Grants>({});
  const [expiry, setExpiry] = useState('');
  const [remark, setRemark] = useState('');
  const [loaded, setLoaded] = useState(false);
  const { busy, post } = useDialogPost();

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setName('');
    setRoleId('');
    setGrants({});
    setExpiry(dayOf(row?.expiresAt));
    setRemark(typeof row?.remark === 'string' ? row.remark : '');
    setLoaded(id === null);
    void Promise.all([loadApiKeyRoles(), loadApiKeyGrantOptions(), id === null ? null : loadApiKeyAccess(id)]).then(
      ([roleList, grantList, access]) => {
        if (cancelled) return;
        setRoles(roleList);
        setOptions(grantList);
        if (access) {
          setRoleId(access.roleIds[0] === undefined ? '' : String(access.roleIds[0]));
          setGrants(Object.fromEntries(access.warehouses.map((w) => [w.whId, w.clientCodes])));
          setLoaded(true);
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [open, id, row]);

  if (!open) return null;
  const nameValid = id !== null || (name.trim() !== '' && new RegExp(API_KEY_NAME_PATTERN).test(name.trim()));
  const canSubmit = loaded && nameValid && roleId !== '';
  const keyName = id === null ? name.trim() : String(row?.name ?? '');

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSubmit) return;
    const payload = {
      ...(id === null ? { name: name.trim() } : { id }),
      roleId: Number(roleId),
      warehouses: Object.entries(grants).map(([whId, clientCodes]) => ({ whId, clientCodes })),
      expiresAt: endOfDay(expiry),
      remark: remark.trim() || null,
    };
    await post<NewApiKey | number>(id === null ? '/apiKey/create' : '/apiKey/update', payload, (saved) => {
      if (typeof saved === 'object' && saved !== null) onCreated(saved);
      else toast('success', t('sys.apiKey.saved', { name: keyName }));
      onSaved({ id: typeof saved === 'number' ? saved : saved.id, payload });
      onClose();
    });
  };

  return (
    <ModalDialog
      label={id === null ? t('sys.apiKey.add') : t('sys.apiKey.edit', { name: keyName })}
      open
      onClose={onClose}
      data-testid="api-key-dialog"
    >
      <form className="sys-api-key-form" noValidate onSubmit={(event) => void submit(event)}>
        {id === null ? (
          <SlInput
            label={t('entity.apiKey.field.name')}
            helpText={t('entity.apiKey.rule.name')}
            value={name}
            maxlength={40}
            required
            autocomplete="off"
            data-testid="api-key-name"
            onSlInput={(event) => setName((event.target as SlInputElement).value)}
          />
        ) : null}
        <SlSelect
          label={t('entity.apiKey.field.roleName')}
          helpText={t('sys.apiKey.roleHint')}
          value={roleId}
          hoist
          data-testid="api-key-role"
          onSlChange={(event) => setRoleId(String((event.target as SlSelectElement).value))}
        >
          {roles.map((role) => (
            <SlOption key={role.id} value={String(role.id)}>
              {role.name}
            </SlOption>
          ))}
        </SlSelect>
        <DateInput label={t('sys.apiKey.expiresOn')} value={expiry} onChange={setExpiry} testId="api-key-expiry" clearable />
        <SlInput
          label={t('entity.apiKey.field.remark')}
          value={remark}
          maxlength={200}
          data-testid="api-key-remark"
          onSlInput={(event) => setRemark((event.target as SlInputElement).value)}
        />
        <fieldset className="sys-section">
          <legend>{t('sys.apiKey.warehouses')}</legend>
          <WarehouseGrantPicker options={options} value={grants} onChange={setGrants} />
        </fieldset>
      </form>
      <DialogFooter
        onCancel={onClose}
        submitLabel={id === null ? 'sys.apiKey.create' : 'sys.apiKey.save'}
        submitTestId="api-key-ok"
        submitDisabled={!canSubmit}
        busy={busy}
        onSubmit={() => void submit()}
      />
    </ModalDialog>
  );
}
