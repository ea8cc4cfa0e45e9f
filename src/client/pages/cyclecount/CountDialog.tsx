/**
 * The count entry and the found item, both through the generic `tblCycleCountTask/save`:
 * - count (a task to count): warehouse, location and the task's item read-only (a task without item — count what the
 *   location holds — takes the item found), lot, expiry and pallet as found, the counted quantity required. Blind: the
 *   book quantity is neither shown nor known to the console until the task is counted;
 * - found item (add): an item the system did not expect at a location — warehouse, location, item and counted
 *   quantity required.
 * A serial-controlled item (read when the item is known) asks for the serials found, one per unit counted, checked for
 * count and repeats before the save (the shared serial list of the receiving and packing desks); other items hide it.
 * The server answers the lot, expiry, pallet and serial rules (spec 001 §5) and takes the book quantity at count time.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EntityDef } from '../../../shared/entities/defineEntity';
import { tblCycleCountTask } from '../../../shared/entities/tblCycleCountTask';
import type { ItemLotControl } from '../../../shared/lookups';
import { FormDialog, type FormDialogProps } from '../../kit/FormDialog';
import { FormField } from '../../kit/FormField';
import { useT } from '../../kit/i18n';
import { SerialListField, serialListProblem } from '../../kit/SerialListField';
import { SlAlert, SlIcon } from '../../kit/sl';
import { lookup } from '../inventory/useLineSteps';
import { COUNT_ENTITY } from './cycleCountApi';

/** The entity with the fields a count requires: the counted quantity always, the item when it is a found item. */
function countEntity(found: boolean): EntityDef {
  const fields = tblCycleCountTask.fields;
  return {
    ...tblCycleCountTask,
    fields: {
      ...fields,
      cycleCountQty: { ...fields.cycleCountQty!, required: true },
      ...(found ? { itemNumber: { ...fields.itemNumber!, required: true } } : {}),
    },
  };
}

const COUNT = countEntity(false);
const FOUND = countEntity(true);
const NO_SERIALS: ReadonlySet<string> = new Set(['serialNumbers']);

export function CountDialog(props: FormDialogProps) {
  const t = useT();
  const { row, open } = props;
  const counting = row !== null && row.id !== undefined && row.id !== null;
  const taskItem = counting ? String(row.itemNumber ?? '') : '';
  const entity = counting ? COUNT : FOUND;

  // The item being counted (the task's, or the one typed) and whether it is serial-controlled.
  const [place, setPlace] = useState({ whId: '', itemNumber: '', qty: '' });
  const [serialItem, setSerialItem] = useState(false);
  const [problem, setProblem] = useState('');
  const onValuesChange = useCallback((values: Readonly<Record<string, string>>) => {
    const next = { whId: values.whId ?? '', itemNumber: values.itemNumber ?? '', qty: values.cycleCountQty ?? '' };
    setPlace((current) =>
      current.whId === next.whId && current.itemNumber === next.itemNumber && current.qty === next.qty ? current : next,
    );
    setProblem('');
  }, []);
  useEffect(() => {
    setSerialItem(false);
    if (!open || !place.whId || !place.itemNumber) return;
    let cancelled = false;
    void lookup<ItemLotControl>('getItemLotCtlAttrCollection', { whId: place.whId, itemNumber: place.itemNumber })
      .then((item) => {
        if (!cancelled) setSerialItem(item?.serialControl === 'Y');
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [open, place.whId, place.itemNumber]);

  const needed = Number(place.qty);
  const renderField = useMemo(
    () => (field: string, value: string, onChange: (value: string) => void) => {
      // The task's own item is what is counted: shown, not changed.
      if (field === 'itemNumber' && taskItem) {
        return (
          <FormField
            entity={COUNT_ENTITY}
            field={field}
            def={entity.fields.itemNumber!}
            value={value}
            form={{ whId: String(row?.whId ?? '') }}
            readOnly
            onChange={onChange}
            onCheck={() => undefined}
          />
        );
      }
      if (field === 'serialNumbers') {
        return (
          <>
            <SerialListField value={value} needed={needed} testId="count-serials" onChange={onChange} />
            {problem ? (
              <SlAlert open variant="danger" data-testid="count-serials-problem">
                <SlIcon slot="icon" name="exclamation-octagon" />
                {problem}
              </SlAlert>
            ) : null}
          </>
        );
      }
      return null;
    },
    [taskItem, entity, row, needed, problem],
  );

  // A repeated serial or a wrong count is said before the server is asked (it checks again).
  const beforeSave = useCallback(
    async (payload: Record<string, unknown>) => {
      if (!serialItem || !(needed > 0)) return { ...payload, serialNumbers: null };
      const found = serialListProblem(t, place.itemNumber, String(payload.serialNumbers ?? ''), needed);
      setProblem(found);
      return found ? null : payload;
    },
    [serialItem, t, place.itemNumber, needed],
  );

  return (
    <FormDialog
      {...props}
      entity={entity}
      renderField={renderField}
      hiddenFields={serialItem && needed > 0 ? undefined : NO_SERIALS}
      onValuesChange={onValuesChange}
      beforeSave={beforeSave}
      title={
        counting
          ? t('cycleCount.count.title', { workQId: String(row.workQId ?? ''), locationId: String(row.locationId ?? '') })
          : t('cycleCount.found.title')
      }
    />
  );
}
