/**
 * The Release dialog of the wave list and the wave header (spec 001 §4: release needs override work type, priority,
 * workers required, earliest and latest ship date), for one wave or a batch. It starts from the (first) wave's own
 * values, else priority 50, one worker, today and today + 7 (issue 27: a wave in a few clicks), with the focus on its
 * first field; it checks the five fields as the server does, asks for confirmation and calls the picking part's
 * `/tWaveMaster/releaseWave` (contracts.md), which allocates.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type FormEvent, useEffect, useState } from 'react';
import { RELEASE_WINDOW_DAYS, WAVE_DEFAULTS } from '../../../shared/entities/tWaveMaster';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import { DateInput } from '../../kit/DateInput';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { LookupSelect } from '../../kit/LookupSelect';
import { ModalDialog } from '../../kit/ModalDialog';
import { SlAlert, SlButton, SlIcon, SlInput } from '../../kit/sl';
import { localDay } from './localDay';
import { useFirstFieldFocus } from './waveDefaults';
import './waves.css';

const FIELDS = ['overrideWorkType', 'priority', 'workersRequired', 'earliestShipDate', 'latestShipDate'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const label = (field: Field) => `entity.tWaveMaster.field.${field}`;
const WHOLE = /^[1-9][0-9]*$/;

/** The first problem of the form, as a message; '' when it may be sent. */
export function releaseProblem(values: Values, t: (key: string, values?: Record<string, string>) => string): string {
  for (const field of FIELDS) if (!values[field].trim()) return t('error.fieldRequired', { field: t(label(field)) });
  if (!WHOLE.test(values.priority) || Number(values.priority) > 99) return t('wave.release.priorityRange');
  if (!WHOLE.test(values.workersRequired) || Number(values.workersRequired) > 999) return t('wave.release.workersRange');
  if (values.latestShipDate < values.earliestShipDate) return t('wave.release.datesOrder');
  return '';
}

export interface WaveReleaseDialogProps {
  /** The waves to release (one warehouse); null: closed. */
  waves: readonly EntityRow[] | null;
  onClose: () => void;
  onReleased: () => void;
}

interface ReleaseResult {
  waveId: string;
  planned: number;
  short: number;
}

export function WaveReleaseDialog({ waves, onClose, onReleased }: WaveReleaseDialogProps) {
  const t = useT();
  const firstField = useFirstFieldFocus(Boolean(waves?.length));
  const confirm = useConfirm();
  const [values, setValues] = useState<Values>({
    overrideWorkType: '',
    priority: '',
    workersRequired: '',
    earliestShipDate: '',
    latestShipDate: '',
  });
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const first = waves?.[0];
  useEffect(() => {
    // A single wave starts from its own values; a batch from the first wave's; what it lacks from the defaults.
    const text = (v: unknown, fallback = '') => (v === null || v === undefined || v === '' ? fallback : String(v));
    const earliest = text(first?.earliestShipDate, localDay()).slice(0, 10);
    setValues({
      overrideWorkType: text(first?.overrideWorkType),
      priority: text(first?.priority, String(WAVE_DEFAULTS.priority)),
      workersRequired: text(first?.workersRequired, String(WAVE_DEFAULTS.workersRequired)),
      earliestShipDate: earliest,
      latestShipDate: text(first?.latestShipDate, localDay(RELEASE_WINDOW_DAYS, earliest)).slice(0, 10),
    });
    setProblem('');
  }, [first]);
  if (!waves || !first) return null;
  const whId = String(first.whId);
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblem('');
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const refused = releaseProblem(values, t);
    if (refused) {
      setProblem(refused);
      return;
    }
    if (!(await confirm('kit.confirm.submit'))) return;
    setBusy(true);
    try {
      const envelope = await apiPost<ReleaseResult[]>('/tWaveMaster/releaseWave', {
        whId,
        waveIds: waves.map((w) => String(w.waveId)),
        overrideWorkType: values.overrideWorkType,
        priority: Number(values.priority),
        workersRequired: Number(values.workersRequired),
        earliestShipDate: values.earliestShipDate,
        latestShipDate: values.latestShipDate,
      });
      if (envelope.code !== SUCCESS) return;
      const lines = (envelope.data ?? []).map((r) =>
        t('wave.release.result', { waveId: r.waveId, planned: String(r.planned), short: String(r.short) }),
      );
      // One result per wave (a toast is one line of text: no run-on "successful" prefix, waves set apart).
      toast('success', lines.join(' · '));
      onReleased();
      onClose();
    } catch {
      // Reported by the api client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      label={t('wave.release.title', { waves: waves.map((w) => String(w.waveId)).join(', ') })}
      open
      onClose={onClose}
      className="wave-dialog"
      data-testid="release-dialog"
    >
      <form ref={firstField} className="wave-form wharf-field--required" noValidate onSubmit={(event) => void submit(event)}>
        <LookupSelect
          name="getWorkType"
          params={{ whId }}
          label={t(label('overrideWorkType'))}
          value={values.overrideWorkType}
          onChange={(value) => set('overrideWorkType', value)}
          testId="release-overrideWorkType"
        />
        <div className="wave-form__row">
          <SlInput
            label={t(label('priority'))}
            value={values.priority}
            inputmode="numeric"
            maxlength={2}
            data-testid="release-priority"
            onSlInput={(event) => set('priority', (event.target as SlInputElement).value.trim())}
          />
          <SlInput
            label={t(label('workersRequired'))}
            value={values.workersRequired}
            inputmode="numeric"
            maxlength={3}
            data-testid="release-workersRequired"
            onSlInput={(event) => set('workersRequired', (event.target as SlInputElement).value.trim())}
          />
        </div>
        <div className="wave-form__row">
          <DateInput
            label={t(label('earliestShipDate'))}
            value={values.earliestShipDate}
            testId="release-earliestShipDate"
            onChange={(value) => set('earliestShipDate', value)}
          />
          <DateInput
            label={t(label('latestShipDate'))}
            value={values.latestShipDate}
            testId="release-latestShipDate"
            onChange={(value) => set('latestShipDate', value)}
          />
        </div>
        {problem ? (
          <SlAlert open variant="danger" data-testid="release-problem">
            <SlIcon slot="icon" name="exclamation-octagon" />
            {problem}
          </SlAlert>
        ) : null}
        <button type="submit" hidden />
      </form>
      <SlButton slot="footer" data-testid="release-cancel" onClick={onClose}>
        {t('kit.confirm.cancel')}
      </SlButton>
      <SlButton slot="footer" variant="primary" loading={busy} data-testid="release-submit" onClick={() => void submit()}>
        {t('wave.release.submit')}
      </SlButton>
    </ModalDialog>
  );
}
