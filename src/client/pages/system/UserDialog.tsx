/**
 * The user form: the entity's fields (department as a tree choice), the password when adding, and the
 * roles and warehouse/client grants saved with the user in the same call.
 */
import type SlCheckboxElement from '@shoelace-style/shoelace/dist/components/checkbox/checkbox.component.js';
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { useEffect, useMemo, useState } from 'react';
import { isStrongPassword } from '../../../shared/passwordRule';
import { FormDialog, type FormDialogProps } from '../../kit/FormDialog';
import { useT } from '../../kit/i18n';
import { session } from '../../kit/session';
import { SlCheckbox, SlInput, SlOption, SlSelect } from '../../kit/sl';
import {
  type DeptChoice,
  type GrantOption,
  loadDeptChoices,
  loadGrantOptions,
  loadRoles,
  loadUserAccess,
  type RoleOption,
} from './adminApi';
import { WarehouseGrantPicker } from './WarehouseGrantPicker';
import './system.css';

type Grants = Record<string, string[] | null>;

export function UserDialog(props: FormDialogProps) {
  const t = useT();
  const { open, row } = props;
  const userId = typeof row?.id === 'number' ? row.id : null;
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [depts, setDepts] = useState<DeptChoice[]>([]);
  const [options, setOptions] = useState<GrantOption[]>([]);
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const [grants, setGrants] = useState<Grants>({});
  // Until the user's current roles and grants are in, the form sends none (the server then keeps them).
  const [accessLoaded, setAccessLoaded] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState('');

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setPassword('');
    setPasswordError('');
    setRoleIds([]);
    setGrants({});
    setAccessLoaded(userId === null);
    void Promise.all([loadRoles(), loadDeptChoices(), loadGrantOptions(), userId === null ? null : loadUserAccess(userId)]).then(
      ([roleList, deptList, grantList, access]) => {
        if (cancelled) return;
        setRoles(roleList);
        setDepts(deptList);
        setOptions(grantList);
        if (access) {
          setRoleIds(access.roleIds);
          setGrants(Object.fromEntries(access.warehouses.map((w) => [w.whId, w.clientCodes])));
          setAccessLoaded(true);
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [open, userId]);

  // A new user starts enabled, in the administrator's language.
  const newUser = useMemo(() => ({ status: '1', language: session.language }), []);

  const extraPayload = () => {
    if (userId === null && !isStrongPassword(password)) {
      setPasswordError(t('error.passwordWeak'));
      return null;
    }
    if (!accessLoaded) return userId === null ? { password } : {};
    return {
      ...(userId === null ? { password } : {}),
      roleIds,
      warehouses: Object.entries(grants).map(([whId, clientCodes]) => ({ whId, clientCodes })),
    };
  };

  const renderField = (field: string, value: string, onChange: (value: string) => void) => {
    if (field !== 'deptId') return null;
    return (
      <div className="wharf-field" data-field="deptId">
        <SlSelect
          label={t('entity.user.field.deptId')}
          value={value}
          clearable
          hoist
          data-testid="field-deptId"
          onSlChange={(event) => onChange((event.target as SlSelectElement).value as string)}
        >
          {depts.map((d) => (
            <SlOption key={d.id} value={String(d.id)}>
              {'\u3000'.repeat(d.depth)}
              {d.name}
            </SlOption>
          ))}
        </SlSelect>
        <div className="wharf-field__error" />
      </div>
    );
  };

  return (
    <FormDialog {...props} row={props.row ?? newUser} extraPayload={extraPayload} renderField={renderField}>
      {userId === null ? (
        <div className={`wharf-field wharf-field--required${passwordError ? ' wharf-invalid' : ''}`}>
          <SlInput
            type="password"
            passwordToggle
            autocomplete="new-password"
            label={t('entity.user.field.password')}
            helpText={t('sys.password.rule')}
            value={password}
            data-testid="field-password"
            onSlInput={(event) => {
              const next = (event.target as SlInputElement).value;
              setPassword(next);
              if (passwordError && isStrongPassword(next)) setPasswordError('');
            }}
          />
          <div className="wharf-field__error" role={passwordError ? 'alert' : undefined} data-testid="error-password">
            {passwordError}
          </div>
        </div>
      ) : null}
      <fieldset className="sys-section">
        <legend>{t('entity.user.field.roleIds')}</legend>
        <div className="sys-roles" data-testid="role-picker">
          {roles.map((role) => (
            <SlCheckbox
              key={role.id}
              checked={roleIds.includes(role.id)}
              data-testid={`role-${role.name}`}
              onSlChange={(event) => {
                const on = (event.target as SlCheckboxElement).checked;
                setRoleIds((ids) => (on ? [...ids, role.id] : ids.filter((id) => id !== role.id)));
              }}
            >
              {role.superAdmin ? t('sys.user.roleWithRemark', { name: role.name, remark: t('role.superAdmin') }) : role.name}
            </SlCheckbox>
          ))}
        </div>
      </fieldset>
      <fieldset className="sys-section">
        <legend>{t('sys.user.warehouses')}</legend>
        <WarehouseGrantPicker options={options} value={grants} onChange={setGrants} />
      </fieldset>
    </FormDialog>
  );
}
