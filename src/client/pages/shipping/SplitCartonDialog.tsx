/**
 * The split carton dialog (spec 001 §2.11, §4, §5 "Split carton form", §8): opened on a carton line, it shows the line
 * read-only (id, warehouse, carton, item; the lot and the attribute pairs only when present), clears the carton type
 * and loads the types of the line's warehouse. The quantity is required and a positive integer without leading zero
 * (checked on blur), the carton type required; a confirmation precedes `splitCarton`, whose payload carries the user's
 * name and locale id. data[0].outCode SUCCESS closes the dialog, resets the form and reloads the list; anything else
 * shows fail and the server's outMsg. A serial-controlled item shows the serial list once a quantity is typed: the
 * serials of the units moved (checked for count and repeats when typed; the server refuses a partial split without).
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type FormEvent, useEffect, useState } from 'react';
import { splitSerials } from '../../../shared/serials';
import { matchesRule } from '../../../shared/validation';
import { SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { LookupSelect } from '../../kit/LookupSelect';
import { ModalDialog } from '../../kit/ModalDialog';
import { SerialListField, serialListRefusal, useSerialItem } from '../../kit/SerialListField';
import { session } from '../../kit/session';
import { SlButton, SlInput } from '../../kit/sl';
import { reportOutcome } from '../outbound/WaveLoadDialog';
import type { SplitOutcome } from './shippingApi';
import './shipping.css';

const ATTRIBUTE_SLOTS = Array.from({ length: 11 }, (_, i) => i + 1);
const field = (name: string) => `entity.tblShippingLabelDetail.field.${name}`;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

interface Values {
  qty: string;
  cartonType: string;
  /** A serial-controlled item: the serials of the units moved (none when all of the carton's units move). */
  serialNumbers: string;
}
type Problems = Partial<Record<keyof Values, string>>;
const EMPTY: Values = { qty: '', cartonType: '', serialNumbers: '' };

export interface SplitCartonDialogProps {
  /** The carton line to split from; null: closed. */
  line: EntityRow | null;
  onClose: () => void;
  /** After a split: the list reloads. */
  onSplit: () => void;
}

export function SplitCartonDialog({ line, onClose, onSplit }: SplitCartonDialogProps) {
  const t = useT();
  const confirm = useConfirm();
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  // Each opening starts from an empty form: the carton type is cleared (spec 001 §4) and chosen again.
  useEffect(() => {
    if (!line) return;
    setValues(EMPTY);
    setProblems({});
  }, [line]);
  const serialItem = useSerialItem(text(line?.whId), text(line?.itemNumber));
  if (!line) return null;

  const qtyProblem = (qty: string): string => {
    if (!qty.trim()) return t('error.fieldRequired', { field: field('qty') });
    return matchesRule('positiveInt', qty.trim()) ? '' : t('error.fieldPositiveInt', { field: field('qty') });
  };
  const typeProblem = (type: string): string => (type ? '' : t('error.fieldRequired', { field: field('cartonType') }));
  const check = (name: keyof Values, value: string) =>
    setProblems((current) => ({ ...current, [name]: name === 'qty' ? qtyProblem(value) : typeProblem(value) }));

  const reset = () => {
    setValues(EMPTY);
    setProblems({});
  };
  // Serials typed for a serial item: one per unit moved, each once (none typed: the server says whether it needs them).
  const serialsProblem = (): string => {
    if (!serialItem || values.serialNumbers.trim() === '') return '';
    const refusal = serialListRefusal(text(line.itemNumber), values.serialNumbers, Number(values.qty.trim()));
    return refusal ? t(refusal.key, refusal.params) : '';
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const found: Problems = { qty: qtyProblem(values.qty), cartonType: typeProblem(values.cartonType) };
    found.serialNumbers = found.qty ? '' : serialsProblem();
    setProblems(found);
    if (found.qty || found.cartonType || found.serialNumbers) return;
    if (!(await confirm('kit.confirm.submit'))) return;
    setBusy(true);
    try {
      const envelope = await apiPost<SplitOutcome[]>('/tblShippingLabelDetail/splitCarton', {
        id: line.id,
        qty: values.qty.trim(),
        cartonType: values.cartonType,
        // The spec's payload: who splits, in which language the answer's message is written.
        userName: session.user ?? '',
        localId: session.localeId,
        ...(serialItem && values.serialNumbers.trim() !== '' ? { serialNumbers: splitSerials(values.serialNumbers) } : {}),
      });
      if (envelope.code !== SUCCESS) return;
      if (!reportOutcome(t, envelope.data)) return;
      reset();
      onSplit();
      onClose();
    } catch {
      // Reported by the api client.
    } finally {
      setBusy(false);
    }
  };

  const attributes = ATTRIBUTE_SLOTS.filter((n) => text(line[`genericAttrValue${n}`]) !== '');
  const readOnly = (name: string, value: unknown, label = t(field(name))) => (
    <div key={name} className="wharf-field" data-field={name}>
      <SlInput label={label} value={text(value)} readonly data-testid={`split-${name}`} />
    </div>
  );

  return (
    <ModalDialog
      label={t('ship.split.title', { cartonNumber: text(line.cartonNumber) })}
      open
      onClose={onClose}
      data-testid="split-dialog"
    >
      <form className="ship-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="ship-form__row">
          {readOnly('id', line.id, t('entity.common.field.id'))}
          {readOnly('whId', line.whId)}
        </div>
        <div className="ship-form__row">
          {readOnly('cartonNumber', line.cartonNumber)}
          {readOnly('itemNumber', line.itemNumber)}
        </div>
        {text(line.lotNumber) ? <div className="ship-form__row">{readOnly('lotNumber', line.lotNumber)}</div> : null}
        {attributes.length > 0 ? (
          <div className="ship-form__row" data-testid="split-attributes">
            {attributes.map((n) =>
              readOnly(
                `genericAttrValue${n}`,
                line[`genericAttrValue${n}`],
                text(line[`genericAttrShow${n}`]) || t(field(`genericAttrValue${n}`)),
              ),
            )}
          </div>
        ) : null}
        <div className="ship-form__row">
          <div className={`wharf-field wharf-field--required${problems.qty ? ' wharf-invalid' : ''}`} data-field="qty">
            <SlInput
              label={t('ship.split.qty', { qty: text(line.qty) })}
              value={values.qty}
              inputmode="numeric"
              autocomplete="off"
              autoFocus
              data-testid="split-qty"
              onSlInput={(event) => {
                const qty = (event.target as SlInputElement).value;
                setValues((current) => ({ ...current, qty }));
                if (problems.qty) check('qty', qty);
              }}
              onSlBlur={(event) => check('qty', (event.target as SlInputElement).value)}
            />
            <div className="wharf-field__error" role={problems.qty ? 'alert' : undefined} data-testid="error-qty">
              {problems.qty ?? ''}
            </div>
          </div>
          <div
            className={`wharf-field wharf-field--required${problems.cartonType ? ' wharf-invalid' : ''}`}
            data-field="cartonType"
          >
            <LookupSelect
              name="getCartonType"
              params={{ whId: text(line.whId) }}
              label={t(field('cartonType'))}
              value={values.cartonType}
              invalid={Boolean(problems.cartonType)}
              testId="split-cartonType"
              onChange={(cartonType) => {
                setValues((current) => ({ ...current, cartonType }));
                check('cartonType', cartonType);
              }}
            />
            <div className="wharf-field__error" role={problems.cartonType ? 'alert' : undefined} data-testid="error-cartonType">
              {problems.cartonType ?? ''}
            </div>
          </div>
        </div>
        {serialItem && matchesRule('positiveInt', values.qty.trim()) ? (
          <div className={`wharf-field${problems.serialNumbers ? ' wharf-invalid' : ''}`} data-field="serialNumbers">
            <SerialListField
              value={values.serialNumbers}
              needed={Number(values.qty.trim())}
              testId="split-serials"
              onChange={(serialNumbers) => {
                setValues((current) => ({ ...current, serialNumbers }));
                setProblems((current) => ({ ...current, serialNumbers: '' }));
              }}
            />
            <div className="wharf-field__error" role={problems.serialNumbers ? 'alert' : undefined} data-testid="error-serials">
              {problems.serialNumbers ?? ''}
            </div>
          </div>
        ) : null}
        <button type="submit" hidden />
      </form>
      <SlButton slot="footer" data-testid="split-cancel" onClick={onClose}>
        {t('kit.action.cancel')}
      </SlButton>
      <SlButton slot="footer" variant="primary" loading={busy} data-testid="split-submit" onClick={() => void submit()}>
        {t('kit.action.submit')}
      </SlButton>
    </ModalDialog>
  );
}
