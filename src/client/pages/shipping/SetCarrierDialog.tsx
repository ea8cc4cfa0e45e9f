/**
 * The carrier of cartons whose order names none (`tblShippingLabel/setCarrier`, issue 27 item 3): their label is refused
 * without one, and a confirmed order cannot be edited; the packer chooses an active carrier of the warehouse here, before
 * the label. Behind `sys:tblShippingLabel:setCarrier`; the server checks every rule again.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from '../../kit/api';
import { DialogFooter } from '../../kit/DialogFooter';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { LookupSelect } from '../../kit/LookupSelect';
import { ModalDialog } from '../../kit/ModalDialog';
import { useDialogPost } from '../../kit/useDialogPost';
import './shipping.css';

export interface SetCarrierDialogProps {
  /** The cartons (one warehouse, open or closed); null: closed. */
  cartons: readonly EntityRow[] | null;
  onClose: () => void;
  onDone: () => void;
}

export function SetCarrierDialog({ cartons, onClose, onDone }: SetCarrierDialogProps) {
  const t = useT();
  const [carrierId, setCarrierId] = useState('');
  const { busy, post } = useDialogPost();
  const whId = String(cartons?.[0]?.whId ?? '');
  useEffect(() => {
    if (cartons) setCarrierId('');
  }, [cartons]);
  if (!cartons || cartons.length === 0) return null;
  const numbers = cartons.map((row) => String(row.cartonNumber));

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!carrierId) return;
    await post<{ cartons: number } | null>(
      '/tblShippingLabel/setCarrier',
      { whId, cartonNumbers: numbers, carrierId },
      (done) => {
        toast('success', t('ship.carrier.done', { carrierId, count: done?.cartons ?? 0 }));
        onDone();
        onClose();
      },
    );
  };

  return (
    <ModalDialog label={t('ship.carrier.title', { count: numbers.length })} open onClose={onClose} data-testid="carrier-dialog">
      <form className="ship-form" noValidate onSubmit={(event) => void submit(event)}>
        <p>{t('ship.carrier.hint')}</p>
        <p data-testid="carrier-cartons">
          {t('ship.carrier.cartons')}: {numbers.length > 6 ? `${numbers.slice(0, 6).join(', ')} …` : numbers.join(', ')}
        </p>
        <LookupSelect
          name="getCarrier"
          params={{ whId }}
          value={carrierId}
          onChange={setCarrierId}
          label={t('entity.tblShippingLabel.field.carrier')}
          testId="carrier-choice"
        />
        <button type="submit" hidden />
      </form>
      <DialogFooter
        cancelTestId="carrier-cancel"
        onCancel={onClose}
        submitLabel="ship.carrier.set"
        submitTestId="carrier-submit"
        submitDisabled={!carrierId}
        busy={busy}
        onSubmit={() => void submit()}
      />
    </ModalDialog>
  );
}
