/**
 * The add-order dialog of the wave detail: the wave-load flow (spec 001 §4, §5 "Wave load"). Choose a client, then
 * its profiles load (`getProfile`, profile type WAVE PROFILE); choose a profile, then its parameters load
 * (`getProfilePara`): each default shown read-only beside an editable override, labelled with the profile's label.
 * Client and profile are required; a confirmation precedes `execWaveLoadProfile`, whose first result SUCCESS leads
 * to the wave order selection. The dialog starts from the user's last client of the warehouse (else its first) and the
 * client's ship-date profile (every confirmed order due in its window; else the first profile): in a few clicks
 * (issue 27 item 4), any of them changed as before.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { CODE_PATTERN } from '../../../shared/entities/fields';
import { WAVE_PROFILE } from '../../../shared/entities/tAfaProfile';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import { useT } from '../../kit/i18n';
import { LookupSelect } from '../../kit/LookupSelect';
import { loadOptions } from '../../kit/lookupOptions';
import { ModalDialog } from '../../kit/ModalDialog';
import { screenUrl } from '../../kit/screenUrl';
import { session } from '../../kit/session';
import { SlAlert, SlButton, SlIcon, SlInput, SlOption, SlSelect } from '../../kit/sl';
import { rememberedWarehouseClient } from '../../kit/WarehouseClientSelect';
import { useFirstFieldFocus } from './waveDefaults';
import { WAVE_URLS } from './wavesScreens';
import './waves.css';

const SLOTS = Array.from({ length: 10 }, (_, i) => i + 1);

interface ProfileOption {
  id: number;
  profileName: string;
  profileDescrip: string;
  functionName: string;
}

/** The profile a client's wave load starts from: the general one (orders by ship date), else the first. */
const STARTING_FUNCTION = 'ORDERS_BY_SHIP_DATE';

type ProfileParameters = Record<string, string | number | null>;

/** The spec's success code of the wave calls. */
export const OUT_SUCCESS = 'SUCCESS';

export interface OutResult {
  outCode: string;
  outMsg: string;
}

/** Shows an outCode answer: success (with its message) or "fail" plus the server's outMsg (spec 001 §8). */
export function reportOutcome(t: ReturnType<typeof useT>, data: readonly OutResult[] | null | undefined): boolean {
  const first = data?.[0];
  if (first?.outCode === OUT_SUCCESS) {
    toast('success', first.outMsg || t('kit.toast.success'));
    return true;
  }
  toast('error', `${t('wave.fail')}${first?.outMsg ? `: ${first.outMsg}` : ''}`);
  return false;
}

export interface WaveLoadDialogProps {
  open: boolean;
  whId: string;
  waveId: string;
  onClose: () => void;
}

export function WaveLoadDialog({ open, whId, waveId, onClose }: WaveLoadDialogProps) {
  const t = useT();
  const confirm = useConfirm();
  const [, setLocation] = useLocation();
  const firstField = useFirstFieldFocus(open);
  const [clientCode, setClientCode] = useState('');
  const [profiles, setProfiles] = useState<ProfileOption[]>([]);
  const [profileId, setProfileId] = useState('');
  const [profile, setProfile] = useState<ProfileParameters | null>(null);
  const [overrides, setOverrides] = useState<Record<string, string>>({});
  const [loadId, setLoadId] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setClientCode('');
    setProfiles([]);
    setProfileId('');
    setProfile(null);
    setOverrides({});
    setLoadId('');
    setProblem('');
    // The user's last client of this warehouse, else the warehouse's first client.
    let cancelled = false;
    void loadOptions('getClient', { whId })
      .then((clients) => {
        const last = rememberedWarehouseClient(session.user ?? '');
        const remembered = last?.whId === whId && clients.some((c) => c.optionValue === last.clientCode);
        const start = remembered ? (last?.clientCode ?? '') : (clients[0]?.optionValue ?? '');
        if (!cancelled) setClientCode((current) => current || start);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [open, whId]);

  // Choosing a client loads its profiles.
  useEffect(() => {
    setProfiles([]);
    setProfileId('');
    setProfile(null);
    if (!clientCode) return;
    let cancelled = false;
    apiPost<ProfileOption[]>('/tAfaProfile/getProfile', { profileType: WAVE_PROFILE, whId, clientCode })
      .then((envelope) => {
        if (cancelled) return;
        const found = envelope.code === SUCCESS ? (envelope.data ?? []) : [];
        setProfiles(found);
        const start = found.find((p) => p.functionName === STARTING_FUNCTION) ?? found[0];
        setProfileId((current) => current || (start ? String(start.id) : ''));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [clientCode, whId]);

  // Choosing a profile loads its parameters; none means the profile does not exist (spec 001 §8).
  useEffect(() => {
    setProfile(null);
    setOverrides({});
    if (!profileId) return;
    apiPost<ProfileParameters | null>('/tAfaProfile/getProfilePara', { id: Number(profileId) })
      .then((envelope) => {
        if (envelope.code !== SUCCESS) return;
        if (!envelope.data) {
          toast('error', t('error.waveProfileNotFound'));
          return;
        }
        setProfile(envelope.data);
      })
      .catch(() => undefined);
  }, [profileId, t]);

  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const shownSlots = profile ? SLOTS.filter((n) => text(profile[`parameterLabel${n}`]) || text(profile[`parameter${n}`])) : [];
  const slotLabel = (n: number) => {
    const code = text(profile?.[`parameterLabel${n}`]);
    return code ? t(`code.waveParamLabel.${code}`) : t(`wave.load.parameter${n}`);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!clientCode) return setProblem(t('error.fieldRequired', { field: t('entity.tAfoWaveDetail.field.clientCode') }));
    if (!profileId) return setProblem(t('error.fieldRequired', { field: t('wave.load.profile') }));
    if (!profile) return setProblem(t('error.waveProfileNotFound'));
    const missing = shownSlots.find(
      (n) => profile[`parameterRequired${n}`] === 'Y' && !(overrides[`parameter${n}`]?.trim() || text(profile[`parameter${n}`])),
    );
    if (missing) return setProblem(t('error.waveParamRequired', { label: slotLabel(missing) }));
    if (loadId.trim() && !new RegExp(CODE_PATTERN).test(loadId.trim()))
      return setProblem(t('error.fieldInvalid', { field: t('entity.tAfoWaveDetail.field.loadId') }));
    if (!(await confirm('kit.confirm.submit'))) return;
    setBusy(true);
    try {
      const parameters = Object.fromEntries(SLOTS.map((n) => [`parameter${n}`, overrides[`parameter${n}`]?.trim() || null]));
      const envelope = await apiPost<OutResult[]>('/tAfaProfile/execWaveLoadProfile', {
        whId,
        waveId,
        clientCode,
        profileId: Number(profileId),
        userName: session.user ?? '',
        loadId: loadId.trim() || null,
        ...parameters,
      });
      if (envelope.code !== SUCCESS) return;
      if (!reportOutcome(t, envelope.data)) return;
      onClose();
      setLocation(screenUrl(WAVE_URLS.orders, { whId, waveId, userName: session.user ?? '' }));
    } catch {
      // Reported by the api client.
    } finally {
      setBusy(false);
    }
  };

  if (!open) return null;
  return (
    <ModalDialog
      label={t('wave.load.title', { waveId })}
      open
      onClose={onClose}
      className="wave-dialog"
      data-testid="wave-load-dialog"
    >
      <form ref={firstField} className="wave-form" noValidate onSubmit={(event) => void submit(event)}>
        {/* Client and profile are required (spec 001 §5 "Wave load"). */}
        <div className="wave-form__row wharf-field--required">
          <LookupSelect
            name="getClient"
            params={{ whId }}
            label={t('entity.tAfoWaveDetail.field.clientCode')}
            value={clientCode}
            onChange={(value) => {
              setClientCode(value);
              setProblem('');
            }}
            testId="load-client"
          />
          <SlSelect
            label={t('wave.load.profile')}
            value={profileId}
            hoist
            disabled={!clientCode}
            placeholder={clientCode ? '' : t('wave.load.clientFirst')}
            data-testid="load-profile"
            onSlChange={(event) => {
              setProfileId(String((event.target as SlSelectElement).value));
              setProblem('');
            }}
          >
            {profiles.map((p) => (
              <SlOption key={p.id} value={String(p.id)}>
                {p.profileDescrip}
              </SlOption>
            ))}
          </SlSelect>
        </div>
        {/* The form's load id (spec 001 §3 "Wave-load form"): kept on each wave detail the run loads. */}
        <SlInput
          label={t('entity.tAfoWaveDetail.field.loadId')}
          value={loadId}
          maxlength={30}
          pattern={CODE_PATTERN}
          data-testid="load-id"
          onSlInput={(event) => {
            setLoadId((event.target as SlInputElement).value);
            setProblem('');
          }}
        />
        {profile ? (
          <table className="wave-params" data-testid="load-parameters">
            <thead>
              <tr>
                <th>{t('wave.load.parameter')}</th>
                <th>{t('wave.load.default')}</th>
                <th>{t('wave.load.override')}</th>
              </tr>
            </thead>
            <tbody>
              {shownSlots.map((n) => (
                <tr key={n}>
                  <th scope="row">
                    {slotLabel(n)}
                    {profile[`parameterRequired${n}`] === 'Y' ? <span className="wave-params__required">*</span> : null}
                  </th>
                  <td>
                    <SlInput size="small" value={text(profile[`parameter${n}`])} readonly data-testid={`load-default-${n}`} />
                  </td>
                  <td>
                    <SlInput
                      size="small"
                      value={overrides[`parameter${n}`] ?? ''}
                      maxlength={100}
                      placeholder={text(profile[`parameter${n}`])}
                      aria-label={slotLabel(n)}
                      data-testid={`load-override-${n}`}
                      onSlInput={(event) => {
                        const value = (event.target as SlInputElement).value;
                        setOverrides((current) => ({ ...current, [`parameter${n}`]: value }));
                        setProblem('');
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {problem ? (
          <SlAlert open variant="danger" data-testid="load-problem">
            <SlIcon slot="icon" name="exclamation-octagon" />
            {problem}
          </SlAlert>
        ) : null}
        <button type="submit" hidden />
      </form>
      <SlButton slot="footer" data-testid="load-cancel" onClick={onClose}>
        {t('kit.confirm.cancel')}
      </SlButton>
      <SlButton slot="footer" variant="primary" loading={busy} data-testid="load-submit" onClick={() => void submit()}>
        {t('wave.load.submit')}
      </SlButton>
    </ModalDialog>
  );
}
