/**
 * The add/edit dialog of a generic entity: fields laid out per `def.form`, validated with the shared rules
 * (the server runs the same ones) and the screen's own checks, then a confirmation, then `{entity}/save`.
 */
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import type { EntityDef } from '../../shared/entities/defineEntity';
import { checkField, type FieldProblem, validateRow } from '../../shared/validation';
import { SUCCESS } from '../../shared/wire';
import { apiPost, toast } from './api';
import { useConfirm } from './confirm';
import { FormField } from './FormField';
import { useT } from './i18n';
import { clearLookupCache } from './lookupOptions';
import { ModalDialog } from './ModalDialog';
import { SlButton, SlDetails } from './sl';
import './kit.css';

export interface FormDialogProps {
  entity: EntityDef;
  /** The row being edited, or null to add one. */
  row: Record<string, unknown> | null;
  open: boolean;
  onClose: () => void;
  /** Called after a successful save (the list reloads), with the saved row's id and the values sent. */
  onSaved: (saved: SavedRow) => void;
  /** More of the form below the entity's fields (e.g. grants edited with the row), above the folded "more" fields. */
  children?: ReactNode;
  /** Values sent with the fields; null when the extra part is not valid (it shows why), so nothing is sent. */
  extraPayload?: () => Record<string, unknown> | null;
  /** A control of the screen's own for a field (e.g. a tree choice); null or undefined keeps the standard one. */
  renderField?: (field: string, value: string, onChange: (value: string) => void) => ReactNode;
  /** Fields not shown now (and not validated), e.g. lot fields for an item without lot control. */
  hiddenFields?: ReadonlySet<string>;
  /**
   * Values of the screen's context that lookups may take as parameters without being fields of the form (e.g. the
   * document's client, so a line's item list holds only that client's items).
   */
  lookupContext?: Readonly<Record<string, string>>;
  /** Told every change of the form's values (e.g. to load what the chosen item needs). */
  onValuesChange?: (values: Readonly<Record<string, string>>) => void;
  /**
   * Checks of the screen's own after the field rules and before the confirmation (spec 000 §2 line dialogs: lot and
   * pallet, duplicate line, attribute id, stock): the confirmation is asked only of a form that can be saved (issue 27
   * item 5; the kit README says why this departs from the spec's order). Answers the payload to save, or null to stop
   * (it told the user why).
   */
  beforeSave?: (payload: Record<string, unknown>) => Promise<Record<string, unknown> | null>;
  /** The dialog's title, translated; defaults to "Add/Edit <entity>". */
  title?: string;
}

/** What a save answered: the row's id (new or edited) and the payload sent. */
export interface SavedRow {
  id: number;
  payload: Record<string, unknown>;
}

type Values = Record<string, string>;

function initialValues(entity: EntityDef, row: Record<string, unknown> | null): Values {
  const values: Values = {};
  for (const [field, def] of Object.entries(entity.fields)) {
    if (def.readOnly) continue;
    const value = row?.[field];
    const text = value === null || value === undefined ? '' : String(value);
    // Dates may arrive as timestamps; the date input wants yyyy-MM-dd.
    values[field] = def.type === 'date' ? text.slice(0, 10) : text;
  }
  return values;
}

/** Modal form; 40% of the screen wide and not closed by a click beside it (spec 000 §9). */
export function FormDialog({
  entity,
  row,
  open,
  onClose,
  onSaved,
  children,
  extraPayload,
  renderField,
  hiddenFields,
  lookupContext,
  onValuesChange,
  beforeSave,
  title,
}: FormDialogProps) {
  const t = useT();
  const confirm = useConfirm();
  const [values, setValues] = useState<Values>(() => initialValues(entity, row));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // The folded "more" section opens by itself when a field in it has a problem.
  const [moreOpen, setMoreOpen] = useState(false);
  const body = useRef<HTMLFormElement>(null);
  const editing = row !== null && row.id !== undefined && row.id !== null;

  // A fresh form each time the dialog opens (the parent keeps it mounted between uses). The fields are mounted
  // afresh too: a choice list must take the row's value as the one it arrived with, not as a change of the last one.
  // Done while rendering (React's "adjusting state when a prop changes"), not in an effect: the commit that opens the
  // dialog already holds the fresh fields, so the field the dialog focuses as it opens is not replaced a moment later.
  const [wasOpen, setWasOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValues(initialValues(entity, row));
      setErrors({});
      setSaving(false);
      setMoreOpen(false);
      setOpening((n) => n + 1);
    }
  }

  const message = (problem: FieldProblem) => t(`error.${problem.code}`, problem.params);

  const checkOne = (field: string, value: string) => {
    const def = entity.fields[field];
    if (!def) return;
    const problem = checkField(entity.name, field, def, value);
    setErrors((e) => {
      const next = { ...e };
      if (problem) next[field] = message(problem);
      else delete next[field];
      return next;
    });
  };

  useEffect(() => {
    onValuesChange?.(values);
  }, [values, onValuesChange]);

  const submit = async () => {
    if (saving) return;
    const problems = validateRow(entity, values).filter((p) => !hiddenFields?.has(p.field));
    const extra = extraPayload ? extraPayload() : {};
    if (problems.length > 0 || extra === null) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, message(p)])));
      const first = problems[0]?.field;
      if (problems.some((p) => entity.more?.some((row) => row.includes(p.field)))) setMoreOpen(true);
      const control = first ? body.current?.querySelector<HTMLElement>(`[data-field="${first}"] [data-testid]`) : null;
      control?.focus();
      return;
    }
    setSaving(true);
    try {
      let payload: Record<string, unknown> = { ...values, ...extra };
      for (const field of hiddenFields ?? []) payload[field] = null;
      if (editing && row) payload.id = row.id;
      if (beforeSave) {
        const checked = await beforeSave(payload);
        if (!checked) return;
        payload = checked;
      }
      // The button shows no progress while the question is asked.
      setSaving(false);
      if (!(await confirm('kit.confirm.submit'))) return;
      setSaving(true);
      const envelope = await apiPost<number>(`/${entity.name}/save`, payload);
      if (envelope.code !== SUCCESS) return; // the api client showed the refusal; the user may correct and retry
      if (envelope.data === null || envelope.data === undefined) {
        toast('error', t('kit.toast.nullData'));
        return;
      }
      if (!envelope.data) {
        toast('error', t('error.notAllowedSave'));
        return;
      }
      toast('success', t('kit.toast.success'));
      // The saved row may be what another form's choice list should now offer.
      clearLookupCache();
      onSaved({ id: Number(envelope.data), payload });
      onClose();
    } catch {
      // HTTP failures were reported by the api client.
    } finally {
      setSaving(false);
    }
  };

  const renderRows = (rows: readonly (readonly string[])[]) =>
    rows.map((fields) => (
      <div key={fields.join('|')} className="wharf-form__row" style={{ '--wharf-form-columns': fields.length } as CSSProperties}>
        {fields.map((field) => {
          const def = entity.fields[field];
          if (!def || def.readOnly || hiddenFields?.has(field)) return null;
          const own = renderField?.(field, values[field] ?? '', (value) => setValues((v) => ({ ...v, [field]: value })));
          if (own) return <div key={field}>{own}</div>;
          return (
            <FormField
              key={field}
              entity={entity.name}
              field={field}
              def={def}
              value={values[field] ?? ''}
              form={lookupContext ? { ...lookupContext, ...values } : values}
              error={errors[field]}
              readOnly={editing && def.immutable}
              onChange={(value) => {
                setValues((v) => ({ ...v, [field]: value }));
                // Once a field shows a problem, re-check it as the user types so the message clears.
                if (errors[field]) checkOne(field, value);
              }}
              onCheck={(value) => checkOne(field, value)}
              onProblem={(problem) => setErrors((e) => ({ ...e, [field]: problem }))}
            />
          );
        })}
      </div>
    ));

  return (
    <ModalDialog
      open={open}
      label={title ?? t(editing ? 'kit.form.editTitle' : 'kit.form.addTitle', { entity: `entity.${entity.name}.name` })}
      className="wharf-form-dialog"
      data-testid="form-dialog"
      onClose={onClose}
    >
      <form
        key={opening}
        ref={body}
        className="wharf-form"
        noValidate
        onSubmit={(event) => {
          // Shoelace inputs submit their form on Enter, like native ones; the shared rules validate, not the browser.
          event.preventDefault();
          void submit();
        }}
      >
        {renderRows(entity.form)}
        {children}
        {entity.more ? (
          // The optional fields, folded (spec 001 §3: the line form model's further fields).
          <SlDetails
            summary={t('kit.form.more')}
            className="wharf-form__more"
            open={moreOpen}
            data-testid="form-more"
            onSlShow={(event) => event.target === event.currentTarget && setMoreOpen(true)}
            onSlHide={(event) => event.target === event.currentTarget && setMoreOpen(false)}
          >
            {renderRows(entity.more)}
          </SlDetails>
        ) : null}
      </form>
      <SlButton slot="footer" data-testid="dialog-cancel" onClick={onClose}>
        {t('kit.action.cancel')}
      </SlButton>
      <SlButton slot="footer" variant="primary" data-testid="dialog-submit" loading={saving} onClick={() => void submit()}>
        {t('kit.action.submit')}
      </SlButton>
    </ModalDialog>
  );
}
