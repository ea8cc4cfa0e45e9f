/**
 * The stock query (menu Wms/TStoredItem): the view-only ledger list with its filters, and hold / release of the
 * selected rows — a hold needs a HOLD reason of the warehouse.
 */
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { useState } from 'react';
import { tStoredItem } from '../../../shared/entities/tStoredItem';
import type { OptionEntry } from '../../../shared/lookups';
import { permission } from '../../../shared/permissions';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { usePermission } from '../../kit/session';
import { SlButton, SlIcon, SlOption, SlSelect } from '../../kit/sl';

export function StoredItemPage() {
  const t = useT();
  const canEdit = usePermission(permission('tStoredItem', 'edit'));
  const [reloadKey, setReloadKey] = useState(0);
  const [holding, setHolding] = useState<readonly EntityRow[] | null>(null);
  const [reasons, setReasons] = useState<OptionEntry[]>([]);
  const [reason, setReason] = useState('');

  const send = async (rows: readonly EntityRow[], hold: boolean, reasonId: string | null) => {
    const envelope = await apiPost<number>('/tStoredItem/holdReleaseInventory', { ids: rows.map((r) => r.id), hold, reasonId });
    if (envelope.code !== SUCCESS) return;
    toast('success', t('inventory.toast.holdChanged', { count: envelope.data ?? 0 }));
    setHolding(null);
    setReloadKey((k) => k + 1);
  };

  const openHold = async (rows: readonly EntityRow[]) => {
    const whIds = new Set(rows.map((r) => String(r.whId)));
    if (whIds.size !== 1) {
      toast('warning', t('inventory.hold.oneWarehouse'));
      return;
    }
    const envelope = await apiPost<OptionEntry[]>('/globalOptions/getReason', { whId: [...whIds][0], type: 'HOLD' });
    setReasons(envelope.data ?? []);
    setReason('');
    setHolding(rows);
  };

  return (
    <>
      <EntityListPage
        entity={tStoredItem}
        reloadKey={reloadKey}
        toolbarExtra={(selected) => (
          <>
            <SlButton
              size="small"
              variant="warning"
              outline
              disabled={!canEdit || selected.length === 0}
              data-testid="hold"
              onClick={() => void openHold(selected).catch(() => undefined)}
            >
              <SlIcon slot="prefix" name="lock" />
              {t('inventory.action.hold')}
            </SlButton>
            <SlButton
              size="small"
              variant="success"
              outline
              disabled={!canEdit || selected.length === 0}
              data-testid="release"
              onClick={() => void send(selected, false, null).catch(() => undefined)}
            >
              <SlIcon slot="prefix" name="unlock" />
              {t('inventory.action.release')}
            </SlButton>
          </>
        )}
      />
      <ModalDialog
        open={holding !== null}
        label={t('inventory.hold.title')}
        data-testid="hold-dialog"
        onClose={() => setHolding(null)}
      >
        <SlSelect
          label={t('inventory.hold.reason')}
          value={reason}
          hoist
          data-testid="hold-reason"
          onSlChange={(event) => setReason((event.target as SlSelectElement).value as string)}
        >
          {reasons.map((r) => (
            <SlOption key={r.optionValue} value={r.optionValue}>
              {r.optionDisplay}
            </SlOption>
          ))}
        </SlSelect>
        <SlButton slot="footer" onClick={() => setHolding(null)}>
          {t('kit.action.cancel')}
        </SlButton>
        <SlButton
          slot="footer"
          variant="primary"
          disabled={!reason}
          data-testid="hold-submit"
          onClick={() => holding && void send(holding, true, reason).catch(() => undefined)}
        >
          {t('kit.action.submit')}
        </SlButton>
      </ModalDialog>
    </>
  );
}
