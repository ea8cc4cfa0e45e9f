/**
 * Generate delivery for labelled cartons of one carrier (`tblShippingLabel/generateDelivery`): a new delivery, or the
 * cartons added to an open delivery of the same carrier chosen here; an optional remark. Confirmation precedes it.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { type FormEvent, useEffect, useState } from 'react';
import { type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import { DialogFooter } from '../../kit/DialogFooter';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { SlInput, SlOption, SlSelect } from '../../kit/sl';
import { useDialogPost } from '../../kit/useDialogPost';
import type { GeneratedDelivery } from './shippingApi';
import './shipping.css';

export interface GenerateDeliveryDialogProps {
  /** The labelled cartons (one warehouse, one carrier); null: closed. */
  cartons: readonly EntityRow[] | null;
  onClose: () => void;
  onDone: (delivery: GeneratedDelivery) => void;
}

const REMARK_MAX = 200;

export function GenerateDeliveryDialog({ cartons, onClose, onDone }: GenerateDeliveryDialogProps) {
  const t = useT();
  const confirm = useConfirm();
  const [remark, setRemark] = useState('');
  const [deliveryNumber, setDeliveryNumber] = useState('');
  const [open, setOpen] = useState<string[]>([]);
  const { busy, post } = useDialogPost();
  const first = cartons?.[0];
  const whId = String(first?.whId ?? '');
  const carrier = String(first?.carrier ?? '');

  // The open deliveries of the cartons' carrier: the cartons may join one of them instead of a new delivery.
  useEffect(() => {
    setRemark('');
    setDeliveryNumber('');
    setOpen([]);
    if (!whId || !carrier) return;
    let cancelled = false;
    void apiPost<PageResult<EntityRow>>('/tDelivery/findPage', {
      pageNum: 1,
      pageSize: 100,
      columnFilters: { whId, status: 'O', carrierId: { value: carrier, exact: true } },
    })
      .then((envelope) => {
        if (!cancelled && envelope.code === SUCCESS && envelope.data)
          setOpen(envelope.data.content.map((row) => String(row.deliveryNumber)));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [whId, carrier]);

  if (!cartons || !first) return null;
  const numbers = cartons.map((row) => String(row.cartonNumber));

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (
      !(await confirm(deliveryNumber ? 'ship.delivery.confirmAdd' : 'ship.delivery.confirmGenerate', {
        values: { count: numbers.length, deliveryNumber, carrier },
      }))
    )
      return;
    const body = {
      whId,
      cartonNumbers: numbers,
      ...(deliveryNumber ? { deliveryNumber } : {}),
      ...(remark.trim() ? { remark: remark.trim() } : {}),
    };
    await post<GeneratedDelivery | null>('/tblShippingLabel/generateDelivery', body, (delivery) => {
      if (!delivery) return;
      toast('success', t('ship.delivery.generated', { deliveryNumber: delivery.deliveryNumber, count: delivery.cartonCount }));
      onDone(delivery);
      onClose();
    });
  };

  return (
    <ModalDialog
      label={t('ship.delivery.generateTitle', { count: numbers.length, carrier })}
      open
      onClose={onClose}
      data-testid="delivery-dialog"
    >
      <form className="ship-form" noValidate onSubmit={(event) => void submit(event)}>
        <p>{numbers.length > 6 ? `${numbers.slice(0, 6).join(', ')} …` : numbers.join(', ')}</p>
        <SlSelect
          label={t('ship.delivery.existing')}
          value={deliveryNumber}
          placeholder={t('ship.delivery.newDelivery')}
          clearable
          hoist
          disabled={open.length === 0}
          helpText={open.length === 0 ? t('ship.delivery.noOpen', { carrier }) : ''}
          data-testid="delivery-existing"
          onSlChange={(event) => setDeliveryNumber((event.target as SlSelectElement).value as string)}
        >
          {open.map((number) => (
            <SlOption key={number} value={number}>
              {number}
            </SlOption>
          ))}
        </SlSelect>
        <SlInput
          label={t('entity.tDelivery.field.remark')}
          value={remark}
          maxlength={REMARK_MAX}
          autocomplete="off"
          data-testid="delivery-remark"
          onSlInput={(event) => setRemark((event.target as SlInputElement).value)}
        />
        <button type="submit" hidden />
      </form>
      <DialogFooter
        cancelTestId="delivery-cancel"
        onCancel={onClose}
        submitLabel="ship.delivery.generate"
        submitTestId="delivery-submit"
        busy={busy}
        onSubmit={() => void submit()}
      />
    </ModalDialog>
  );
}
