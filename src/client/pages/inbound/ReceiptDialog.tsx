/**
 * The receive dialog of the receiving desk and the adjustment dialog of the receipt list: quantity (good and damaged
 * together) and damaged quantity, lot and expiry only for a lot-controlled item, attribute values when the line fixes
 * none (the values the item already has offered as choices), pallet, master pallet and location when receiving.
 * What the item and the location need is marked required — the expiry of a lot-controlled item without shelf life,
 * the pallet at a pallet (H) location, every attribute — and checked before the confirmation is asked (issue 27
 * item 5); the server runs every check again.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import type { ItemAttributeChoices, LocationHuIndicate } from '../../../shared/lookups';
import { matchesRule } from '../../../shared/validation';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { ChoiceInput } from '../../kit/ChoiceInput';
import { useConfirm } from '../../kit/confirm';
import { DateInput } from '../../kit/DateInput';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { SerialListField, serialListProblem } from '../../kit/SerialListField';
import { SlAlert, SlButton, SlIcon, SlInput } from '../../kit/sl';
import { lookup } from '../inventory/useLineSteps';
import './inbound.css';

/** What the dialog needs to know of the line (receiving) or receipt (adjusting). */
export interface ReceiptTarget {
  title: string;
  whId: string;
  /** Adjusting: the receipt's location (receiving types its own). */
  locationId?: string | null;
  itemNumber: string;
  itemDescription?: string | null;
  uom: string;
  lotControl: boolean;
  /** The item's shelf life in days: the expiry may be left empty (the server sets the receipt date + this). */
  shelfLife?: number | null;
  /** The lot the line names: received as is, not typed. */
  fixedLot?: string | null;
  /** Attribute types (slot 1–11, null unused) whose values the user types; empty when the line fixes them. */
  attributeTypes: readonly (string | null)[];
  /** Starting values (adjusting: the receipt's own). */
  initial: Readonly<Record<string, string>>;
  /** Receiving only: where the stock goes (the door's staging location by default) and the pallet fields. */
  receiving: boolean;
  /** A serial-controlled item (receiving): base units per order unit; one serial is asked per base unit. */
  serialFactor?: number | null;
}

export interface ReceiptDialogProps {
  target: ReceiptTarget | null;
  onClose: () => void;
  /** Sends the typed values; answers whether the server accepted them. */
  onSubmit: (values: Record<string, string | null>) => Promise<boolean>;
}

const field = (name: string) => `entity.tReceipt.field.${name}`;

/** Whether a location keeps pallets (item_hu_indicator H), asked once per location while the dialog is open. */
function usePalletLocations(whId: string): (locationId: string) => Promise<boolean> {
  // A fresh memory per warehouse: another warehouse's answers are not this one's.
  return useMemo(() => {
    const asked = new Map<string, Promise<boolean>>();
    return (locationId: string) => {
      const key = locationId.trim();
      if (!whId || !key) return Promise.resolve(false);
      let answer = asked.get(key);
      if (!answer) {
        answer = lookup<LocationHuIndicate>('getLocItemHuIndicate', { whId, locationId: key })
          .then((found) => found?.itemHuIndicate === 'H')
          .catch(() => false);
        asked.set(key, answer);
      }
      return answer;
    };
  }, [whId]);
}

export function ReceiptDialog({ target, onClose, onSubmit }: ReceiptDialogProps) {
  const t = useT();
  const confirm = useConfirm();
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<ItemAttributeChoices[]>([]);
  const [palletLocation, setPalletLocation] = useState(false);
  const palletNeeded = usePalletLocations(target?.whId ?? '');
  useEffect(() => {
    setValues({ ...(target?.initial ?? {}) });
    setProblem('');
  }, [target]);

  // The values the item already has, offered for the attributes the user types.
  const whId = target?.whId ?? '';
  const itemNumber = target?.itemNumber ?? '';
  const typesAttributes = Boolean(target?.attributeTypes.some(Boolean));
  useEffect(() => {
    setChoices([]);
    if (!typesAttributes || !whId || !itemNumber) return;
    let cancelled = false;
    void apiPost<ItemAttributeChoices[]>('/tReceipt/getItemAttributeValues', { whId, itemNumber }, { silent: true })
      .then((envelope) => {
        if (!cancelled && envelope.code === SUCCESS) setChoices(envelope.data);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [typesAttributes, whId, itemNumber]);

  // The location the stock goes to decides whether the pallet id is required.
  const location = (target?.receiving ? values.locationId : target?.locationId) ?? '';
  useEffect(() => {
    let cancelled = false;
    void palletNeeded(location).then((needed) => {
      if (!cancelled) setPalletLocation(needed);
    });
    return () => {
      cancelled = true;
    };
  }, [location, palletNeeded]);

  if (!target) return null;
  const set = (name: string) => (event: Event) => {
    const value = (event.target as SlInputElement).value;
    setValues((current) => ({ ...current, [name]: value }));
    setProblem('');
  };
  const v = (name: string) => values[name] ?? '';
  const slots = target.attributeTypes.map((type, i) => ({ type, slot: i + 1 })).filter((a) => a.type);
  // A serial-controlled item: one serial per base unit of the quantity typed.
  const serialFactor = target.receiving ? (target.serialFactor ?? null) : null;
  const serialsNeeded = serialFactor === null ? 0 : Number(v('qty')) * serialFactor;

  const expiryNeeded = target.lotControl && !target.shelfLife;
  const choicesOf = (slot: number) => choices.find((c) => c.slot === slot)?.values ?? [];

  /** The checks the server runs too, said before asking: quantities, damage, lot and expiry, pallet, attributes. */
  const check = async (): Promise<string> => {
    if (!matchesRule('qtyPositive', v('qty').trim())) return t('error.fieldQtyPositive', { field: t(field('qtyReceived')) });
    const damaged = v('qtyDamaged').trim() || '0';
    if (!matchesRule('qtyNonNegative', damaged)) return t('error.fieldQtyNonNegative', { field: t(field('qtyDamaged')) });
    if (Number(damaged) > Number(v('qty'))) return t('error.receiptDamagedAboveQty', { qtyDamaged: damaged, qty: v('qty') });
    if (target.lotControl && (!v('lotNumber').trim() || (expiryNeeded && !v('expirationDate')))) {
      return t('error.lotAndExpiryRequired');
    }
    if (!v('huId').trim() && (await palletNeeded(location))) return t('error.palletNotAllowEmpty');
    if (slots.some((a) => !v(`genericAttrValue${a.slot}`).trim())) return t('error.itemAttributesEmpty');
    if (serialFactor !== null) return serialListProblem(t, target.itemNumber, v('serialNumbers'), serialsNeeded);
    return '';
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setBusy(true);
    const refused = await check().finally(() => setBusy(false));
    if (refused) {
      setProblem(refused);
      return;
    }
    if (!(await confirm('kit.confirm.submit'))) return;
    setBusy(true);
    try {
      const payload: Record<string, string | null> = {};
      for (const [name, value] of Object.entries(values)) payload[name] = value.trim() === '' ? null : value.trim();
      if (await onSubmit(payload)) onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog label={target.title} open onClose={onClose} className="inbound-receipt-dialog" data-testid="receipt-dialog">
      <form className="inbound-receipt-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="inbound-receipt-form__item">
          {target.itemNumber}
          {target.itemDescription ? ` · ${target.itemDescription}` : ''} · {target.uom}
        </div>
        <div className="inbound-receipt-form__row">
          <SlInput
            label={t(field('qtyReceived'))}
            value={v('qty')}
            inputmode="decimal"
            required
            autoFocus
            data-testid="receipt-qty"
            onSlInput={set('qty')}
          />
          <SlInput
            label={t(field('qtyDamaged'))}
            value={v('qtyDamaged')}
            inputmode="decimal"
            placeholder="0"
            data-testid="receipt-damaged"
            onSlInput={set('qtyDamaged')}
          />
        </div>
        {target.lotControl ? (
          <div className="inbound-receipt-form__row">
            <SlInput
              label={t(field('lotNumber'))}
              value={target.fixedLot ?? v('lotNumber')}
              readonly={Boolean(target.fixedLot)}
              required
              maxlength={50}
              data-testid="receipt-lot"
              onSlInput={set('lotNumber')}
            />
            <DateInput
              label={t(field('expirationDate'))}
              value={v('expirationDate')}
              required={expiryNeeded}
              helpText={target.shelfLife ? t('inbound.receiving.expiryShelfLifeHelp', { days: target.shelfLife }) : ''}
              testId="receipt-expiry"
              onChange={(value) => {
                setValues((current) => ({ ...current, expirationDate: value }));
                setProblem('');
              }}
            />
          </div>
        ) : null}
        {slots.length > 0 ? (
          <fieldset className="inbound-receipt-form__attributes" data-testid="receipt-attributes">
            <legend>{t('inbound.receiving.attributes')}</legend>
            {slots.map((a) => (
              <ChoiceInput
                key={a.slot}
                label={String(a.type)}
                value={v(`genericAttrValue${a.slot}`)}
                choices={choicesOf(a.slot)}
                maxLength={100}
                required
                testId={`receipt-attribute-${a.slot}`}
                onChange={(value) => {
                  setValues((current) => ({ ...current, [`genericAttrValue${a.slot}`]: value }));
                  setProblem('');
                }}
              />
            ))}
          </fieldset>
        ) : null}
        <div className="inbound-receipt-form__row">
          <SlInput
            label={t(field('huId'))}
            value={v('huId')}
            maxlength={50}
            required={palletLocation}
            helpText={
              palletLocation
                ? t('inbound.receiving.huRequiredHelp', { locationId: location.trim() })
                : target.receiving && !location.trim()
                  ? t('inbound.receiving.huHelp')
                  : t('inbound.receiving.huNotKeptHelp')
            }
            data-testid="receipt-hu"
            onSlInput={set('huId')}
          />
          {target.receiving ? (
            <SlInput
              label={t(field('masterHuId'))}
              value={v('masterHuId')}
              maxlength={50}
              data-testid="receipt-master-hu"
              onSlInput={set('masterHuId')}
            />
          ) : null}
        </div>
        {serialFactor !== null ? (
          <SerialListField
            value={v('serialNumbers')}
            needed={serialsNeeded}
            testId="receipt-serials"
            onChange={(value) => {
              setValues((current) => ({ ...current, serialNumbers: value }));
              setProblem('');
            }}
          />
        ) : null}
        {target.receiving ? (
          <SlInput
            label={t(field('locationId'))}
            value={v('locationId')}
            maxlength={30}
            helpText={t('inbound.receiving.locationHelp')}
            data-testid="receipt-location"
            onSlInput={set('locationId')}
          />
        ) : null}
        {problem ? (
          <SlAlert open variant="danger" data-testid="receipt-problem">
            <SlIcon slot="icon" name="exclamation-octagon" />
            {problem}
          </SlAlert>
        ) : null}
        <button type="submit" hidden />
      </form>
      <SlButton slot="footer" data-testid="receipt-cancel" onClick={onClose}>
        {t('kit.confirm.cancel')}
      </SlButton>
      <SlButton slot="footer" variant="primary" loading={busy} data-testid="receipt-submit" onClick={() => void submit()}>
        {t(target.receiving ? 'inbound.receiving.receive' : 'inbound.receiving.adjust')}
      </SlButton>
    </ModalDialog>
  );
}

/** Posts a receipt call; a refusal is toasted by the api client and answers false. */
export async function postReceipt<T>(
  url: string,
  body: Record<string, unknown>,
  successMessage: (data: T) => string,
): Promise<T | null> {
  try {
    const envelope = await apiPost<T>(url, body);
    if (envelope.code !== SUCCESS) return null;
    toast('success', successMessage(envelope.data));
    return envelope.data;
  } catch {
    return null;
  }
}
