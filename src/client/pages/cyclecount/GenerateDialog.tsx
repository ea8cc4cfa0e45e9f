/**
 * The four generate actions of the count task list, one dialog each (spec 001 §2.13): by location and item (zone and
 * item required; from/to location, lot, pallet), by percent (zone, an integer 1–100), by transaction type (a type the
 * log holds, start and end date, optionally a zone), and the adjustment task from the counted tasks (the checked ones,
 * whose warehouse is then fixed, or every counted task of the chosen warehouse). The fields are the kit's, validated by
 * the shared rules; a confirmation precedes the call; the server checks everything again.
 */
import { type CSSProperties, type FormEvent, useEffect, useMemo, useState } from 'react';
import type { FieldDef } from '../../../shared/entities/defineEntity';
import { BY_WAREHOUSE, refField, whIdField } from '../../../shared/entities/fields';
import type { OptionEntry } from '../../../shared/lookups';
import { checkField } from '../../../shared/validation';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { EntityRow } from '../../kit/EntityListPage';
import { FormField } from '../../kit/FormField';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { SlButton } from '../../kit/sl';
import { COUNT_ENTITY, COUNT_URLS, type GeneratedAdjustment, type GeneratedTasks } from './cycleCountApi';
import './cyclecount.css';

export type GenerateMode = 'locItem' | 'percent' | 'tranType' | 'adjustment';

/** What the dialog is opened for: a mode, and for the adjustment the checked counted tasks (none: every counted one). */
export interface GenerateRequest {
  mode: GenerateMode;
  rows: readonly EntityRow[];
  /** The warehouse the form starts with. */
  whId: string;
}

export interface GenerateDialogProps {
  request: GenerateRequest | null;
  onClose: () => void;
  /** The whole answer, after the toast: the list reloads (and shows the adjustment task). */
  onGenerated: (mode: GenerateMode, answer: GeneratedTasks | GeneratedAdjustment, whId: string) => void;
}

const ZONE = refField(20, 'getZone', BY_WAREHOUSE, { required: true });
const LOCATION = refField(30, 'getLocation', { whId: 'whId', zone: 'zone' });
const TEXT: FieldDef = { type: 'text', max: 50 };
const DATE: FieldDef = { type: 'date', required: true };

interface ModeForm {
  url: string;
  titleKey: string;
  rows: readonly (readonly string[])[];
  fields: Readonly<Record<string, FieldDef>>;
}

const MODES: Readonly<Record<GenerateMode, ModeForm>> = {
  locItem: {
    url: COUNT_URLS.byLocItem,
    titleKey: 'cycleCount.generate.locItem',
    rows: [['whId', 'zone'], ['itemNumber'], ['fromLocation', 'toLocation'], ['lotNumber', 'huId']],
    fields: {
      whId: whIdField,
      zone: ZONE,
      itemNumber: refField(50, 'getSku', BY_WAREHOUSE, { required: true }),
      fromLocation: LOCATION,
      toLocation: LOCATION,
      lotNumber: TEXT,
      huId: TEXT,
    },
  },
  percent: {
    url: COUNT_URLS.byPercent,
    titleKey: 'cycleCount.generate.percent',
    rows: [['whId', 'zone'], ['percent']],
    fields: { whId: whIdField, zone: ZONE, percent: { type: 'int', rule: 'percent', required: true } },
  },
  tranType: {
    url: COUNT_URLS.byTranType,
    titleKey: 'cycleCount.generate.tranType',
    rows: [['whId', 'zone'], ['tranType'], ['startDate', 'endDate']],
    fields: {
      whId: whIdField,
      zone: { ...ZONE, required: false },
      // The types the log holds (`tranLog/getTranTypes`), filled in when the dialog opens.
      tranType: { type: 'code', codes: [], codeList: 'tranType', required: true },
      startDate: DATE,
      endDate: DATE,
    },
  },
  adjustment: {
    url: COUNT_URLS.adjustment,
    titleKey: 'cycleCount.generate.adjustment',
    rows: [['whId']],
    fields: { whId: whIdField },
  },
};

type Values = Record<string, string>;

const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** The request body: the values typed (trimmed), optional ones left out when empty, the percent as a number. */
function bodyOf(mode: GenerateMode, values: Values, rows: readonly EntityRow[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of Object.keys(MODES[mode].fields)) {
    const value = (values[field] ?? '').trim();
    if (value !== '') body[field] = field === 'percent' ? Number(value) : value;
  }
  if (mode === 'adjustment' && rows.length > 0) body.ids = rows.map((row) => Number(row.id));
  return body;
}

export function GenerateDialog({ request, onClose, onGenerated }: GenerateDialogProps) {
  const t = useT();
  const confirm = useConfirm();
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tranTypes, setTranTypes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const mode = request?.mode ?? null;
  const rows = request?.rows ?? [];
  // The checked tasks fix the warehouse of the adjustment.
  const fixedWarehouse = mode === 'adjustment' && rows.length > 0;

  // A fresh form each time the dialog opens; a date range starts at today.
  useEffect(() => {
    if (!request) return;
    setValues(
      request.mode === 'tranType' ? { whId: request.whId, startDate: today(), endDate: today() } : { whId: request.whId },
    );
    setErrors({});
    setBusy(false);
  }, [request]);

  // The transaction types to choose from: those the log holds.
  useEffect(() => {
    if (mode !== 'tranType') return;
    let cancelled = false;
    void apiPost<OptionEntry[]>(COUNT_URLS.tranTypes, {})
      .then((envelope) => {
        if (!cancelled && envelope.code === SUCCESS && envelope.data) setTranTypes(envelope.data.map((o) => o.optionValue));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [mode]);

  const fields = useMemo<Readonly<Record<string, FieldDef>>>(() => {
    if (!mode) return {};
    const own = MODES[mode].fields;
    return mode === 'tranType' ? { ...own, tranType: { ...own.tranType!, codes: tranTypes } } : own;
  }, [mode, tranTypes]);

  if (!request || !mode) return null;
  const form = MODES[mode];

  const problemOf = (field: string, value: string): string | null => {
    const def = fields[field];
    const problem = def ? checkField(COUNT_ENTITY, field, def, value) : null;
    return problem ? t(`error.${problem.code}`, problem.params) : null;
  };
  const check = (field: string, value: string) =>
    setErrors((e) => {
      const next = { ...e };
      const problem = problemOf(field, value);
      if (problem) next[field] = problem;
      else delete next[field];
      return next;
    });

  /** Every field's problem, and the date range's; true when there is none. */
  const validate = (): boolean => {
    const found: Record<string, string> = {};
    for (const field of Object.keys(fields)) {
      const problem = problemOf(field, values[field] ?? '');
      if (problem) found[field] = problem;
    }
    if (mode === 'tranType' && !found.startDate && !found.endDate && (values.startDate ?? '') > (values.endDate ?? '')) {
      found.endDate = t('error.dateRangeInvalid', {
        from: `entity.${COUNT_ENTITY}.field.startDate`,
        to: `entity.${COUNT_ENTITY}.field.endDate`,
      });
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const question = (): [string, Record<string, string | number>] => {
    const v = (field: string) => (values[field] ?? '').trim();
    switch (mode) {
      case 'locItem':
        return ['cycleCount.confirm.locItem', { zone: v('zone'), itemNumber: v('itemNumber') }];
      case 'percent':
        return ['cycleCount.confirm.percent', { zone: v('zone'), percent: v('percent') }];
      case 'tranType':
        return [
          'cycleCount.confirm.tranType',
          { tranType: t(`code.tranType.${v('tranType')}`), startDate: v('startDate'), endDate: v('endDate') },
        ];
      case 'adjustment':
        return rows.length > 0
          ? ['cycleCount.confirm.adjustmentChecked', { count: rows.length }]
          : ['cycleCount.confirm.adjustmentAll', { whId: v('whId') }];
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || !validate()) return;
    const [key, params] = question();
    if (!(await confirm(key, { values: params }))) return;
    setBusy(true);
    try {
      const whId = (values.whId ?? '').trim();
      const envelope = await apiPost<GeneratedTasks | GeneratedAdjustment>(form.url, bodyOf(mode, values, rows));
      if (envelope.code !== SUCCESS || !envelope.data) return; // the refusal was toasted; the user may correct it
      if (mode === 'adjustment') {
        const answer = envelope.data as GeneratedAdjustment;
        toast(
          'success',
          answer.adjustmentTaskId
            ? t('cycleCount.adjustment.generated', { taskId: answer.adjustmentTaskId, lines: answer.lines, tasks: answer.tasks })
            : t('cycleCount.adjustment.noDifference', { tasks: answer.tasks }),
        );
      } else {
        const answer = envelope.data as GeneratedTasks;
        toast(
          'success',
          t('cycleCount.generate.done', {
            count: answer.count,
            range:
              answer.firstWorkQId === answer.lastWorkQId
                ? String(answer.firstWorkQId ?? '')
                : `${answer.firstWorkQId ?? ''} – ${answer.lastWorkQId ?? ''}`,
          }),
        );
      }
      onGenerated(mode, envelope.data, whId);
      onClose();
    } catch {
      // Reported by the api client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      open
      label={t(form.titleKey)}
      className="wharf-form-dialog"
      data-testid="form-dialog"
      data-mode={mode}
      onClose={onClose}
    >
      <form className="wharf-form" noValidate onSubmit={(event) => void submit(event)}>
        {mode === 'adjustment' ? (
          <p className="cc-note" data-testid="adjustment-scope">
            {rows.length > 0
              ? t('cycleCount.adjustment.checked', {
                  count: rows.length,
                  tasks: rows
                    .slice(0, 6)
                    .map((row) => String(row.workQId))
                    .join(', ')
                    .concat(rows.length > 6 ? ' …' : ''),
                })
              : t('cycleCount.adjustment.all')}
          </p>
        ) : null}
        {form.rows.map((line) => (
          <div key={line.join('|')} className="wharf-form__row" style={{ '--wharf-form-columns': line.length } as CSSProperties}>
            {line.map((field) => (
              <FormField
                key={field}
                entity={COUNT_ENTITY}
                field={field}
                def={fields[field]!}
                value={values[field] ?? ''}
                form={values}
                error={errors[field]}
                readOnly={field === 'whId' && fixedWarehouse}
                onChange={(value) => {
                  setValues((v) => ({ ...v, [field]: value }));
                  if (errors[field]) check(field, value);
                }}
                onCheck={(value) => check(field, value)}
                onProblem={(problem) => setErrors((e) => ({ ...e, [field]: problem }))}
              />
            ))}
          </div>
        ))}
        {mode === 'percent' ? <p className="cc-note">{t('cycleCount.generate.percentRule')}</p> : null}
        <button type="submit" hidden />
      </form>
      <SlButton slot="footer" data-testid="dialog-cancel" onClick={onClose}>
        {t('kit.action.cancel')}
      </SlButton>
      <SlButton slot="footer" variant="primary" loading={busy} data-testid="dialog-submit" onClick={() => void submit()}>
        {t('cycleCount.generate.submit')}
      </SlButton>
    </ModalDialog>
  );
}
