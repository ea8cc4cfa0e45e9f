/**
 * The confirm pick and short pick dialogs of a pick task (one allocation). Confirm: quantity (the open quantity),
 * location, lot and pallet prefilled as allocated — the server refuses anything else. Short: the quantity found at the
 * location (0 … less than open); the server picks what was found, holds the rest of the stock row for counting and
 * re-allocates the missing quantity elsewhere. A serial-controlled item asks for the serials of the units picked (found),
 * one per unit (task quantities are in base units), checked for count and repeats before the call.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { splitSerials } from '../../../shared/serials';
import { matchesRule } from '../../../shared/validation';
import { toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import { DialogFooter } from '../../kit/DialogFooter';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { SerialListField, serialListProblem, useSerialItem } from '../../kit/SerialListField';
import { SlInput } from '../../kit/sl';
import { useDialogPost } from '../../kit/useDialogPost';
import './picking.css';

export type PickMode = 'pick' | 'short';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const field = (name: string) => `entity.tWavePickTask.field.${name}`;
/** What is still open on a task: quantity − picked − short, in thousandths to stay exact. */
export function openQty(row: EntityRow): string {
  const milli = (v: unknown) => Math.round(Number(v ?? 0) * 1000);
  const open = milli(row.quantity) - milli(row.pickedQty) - milli(row.shortQty);
  return String(open / 1000);
}

interface PickDialogProps {
  task: EntityRow | null;
  mode: PickMode;
  onClose: () => void;
  onDone: () => void;
}

export function PickDialog({ task, mode, onClose, onDone }: PickDialogProps) {
  const t = useT();
  const confirm = useConfirm();
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const { busy, post } = useDialogPost();
  // Whether the task's item is serial-controlled (read when the dialog opens).
  const serialItem = useSerialItem(task ? text(task.whId) : '', task ? text(task.itemNumber) : '');
  useEffect(() => {
    if (!task) return;
    setValues({
      qty: mode === 'pick' ? openQty(task) : '0',
      locationId: text(task.pickLocation),
      lotNumber: text(task.lotNumber),
      huId: text(task.mHuId),
      serialNumbers: '',
    });
    setProblem('');
  }, [task, mode]);
  if (!task) return null;
  const v = (name: string) => values[name] ?? '';
  const set = (name: string) => (event: Event) => {
    setValues((current) => ({ ...current, [name]: (event.target as HTMLInputElement).value }));
    setProblem('');
  };
  const open = openQty(task);

  const check = (): string => {
    const qty = v('qty').trim();
    if (mode === 'pick') {
      if (!matchesRule('qtyPositive', qty)) return t('error.fieldQtyPositive', { field: t('outbound.pick.qtyToPick') });
      if (Number(qty) > Number(open)) return t('error.pickQtyAboveOpen', { qty, open });
    } else {
      if (!matchesRule('qtyNonNegative', qty)) return t('error.fieldQtyNonNegative', { field: t(field('qtyFound')) });
      if (Number(qty) >= Number(open)) return t('error.shortFoundNotBelowOpen', { qtyFound: qty, open });
    }
    if (serialItem && Number(qty) > 0) return serialListProblem(t, text(task.itemNumber), v('serialNumbers'), Number(qty));
    return '';
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const refused = check();
    if (refused) {
      setProblem(refused);
      return;
    }
    if (!(await confirm('kit.confirm.submit'))) return;
    const blank = (s: string) => (s.trim() === '' ? null : s.trim());
    const serialNumbers = serialItem && Number(v('qty')) > 0 ? { serialNumbers: splitSerials(v('serialNumbers')) } : {};
    const [url, body] =
      mode === 'pick'
        ? [
            '/tWavePickTask/completeWavePick',
            {
              id: task.id,
              qty: v('qty').trim(),
              locationId: v('locationId').trim(),
              lotNumber: blank(v('lotNumber')),
              huId: blank(v('huId')),
              ...serialNumbers,
            },
          ]
        : ['/tWavePickTask/pickLocShortage', { id: task.id, qtyFound: v('qty').trim(), ...serialNumbers }];
    // Pick answers { pickedQty }; short pick { shortQty, reallocatedQty, unplannedQty }.
    await post<Record<string, string>>(url, body, (data) => {
      toast(
        'success',
        mode === 'pick'
          ? t('outbound.pick.picked', { qty: v('qty').trim(), pickId: text(task.pickId) })
          : t('outbound.pick.shorted', {
              shortQty: text(data.shortQty),
              reallocatedQty: text(data.reallocatedQty),
              unplannedQty: text(data.unplannedQty),
            }),
      );
      onDone();
      onClose();
    });
  };

  return (
    <ModalDialog
      label={t(mode === 'pick' ? 'outbound.pick.confirmTitle' : 'outbound.pick.shortTitle', { pickId: text(task.pickId) })}
      open
      onClose={onClose}
      data-testid={mode === 'pick' ? 'pick-dialog' : 'short-dialog'}
    >
      <form className="pick-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="pick-form__item">
          {text(task.itemNumber)}
          {task.itemDescription ? ` · ${text(task.itemDescription)}` : ''} · {t('outbound.pick.open', { open })}
        </div>
        <div className="pick-form__row">
          <SlInput
            label={t(mode === 'pick' ? 'outbound.pick.qtyToPick' : field('qtyFound'))}
            value={v('qty')}
            inputmode="decimal"
            required
            autoFocus
            data-testid="pick-qty"
            onSlInput={set('qty')}
          />
          <SlInput
            label={t(field('pickLocation'))}
            value={v('locationId')}
            readonly={mode === 'short'}
            maxlength={30}
            data-testid="pick-location"
            onSlInput={set('locationId')}
          />
        </div>
        <div className="pick-form__row">
          <SlInput
            label={t(field('lotNumber'))}
            value={v('lotNumber')}
            readonly={mode === 'short'}
            maxlength={50}
            data-testid="pick-lot"
            onSlInput={set('lotNumber')}
          />
          <SlInput
            label={t(field('mHuId'))}
            value={v('huId')}
            readonly={mode === 'short'}
            maxlength={50}
            data-testid="pick-pallet"
            onSlInput={set('huId')}
          />
        </div>
        {serialItem && Number(v('qty')) > 0 ? (
          <SerialListField
            value={v('serialNumbers')}
            needed={Number(v('qty'))}
            testId="pick-serials"
            onChange={(value) => {
              setValues((current) => ({ ...current, serialNumbers: value }));
              setProblem('');
            }}
          />
        ) : null}
        {mode === 'short' ? <p>{t('outbound.pick.shortHint')}</p> : null}
        {problem ? (
          <p className="pick-form__problem" role="alert" data-testid="pick-problem">
            {problem}
          </p>
        ) : null}
        <button type="submit" hidden />
      </form>
      <DialogFooter
        onCancel={onClose}
        submitLabel="kit.action.submit"
        submitTestId="pick-submit"
        submitVariant={mode === 'pick' ? 'primary' : 'warning'}
        busy={busy}
        onSubmit={() => void submit()}
      />
    </ModalDialog>
  );
}
