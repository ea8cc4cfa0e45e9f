/**
 * The count entry and the found item, both through the generic `tblCycleCountTask/save`:
 * - count (a task to count): warehouse, location and the task's item read-only (a task without item — count what the
 *   location holds — takes the item found), lot, expiry and pallet as found, the counted quantity required. Blind: the
 *   book quantity is neither shown nor known to the console until the task is counted;
 * - found item (add): an item the system did not expect at a location — warehouse, location, item and counted
 *   quantity required.
 * The server answers the lot, expiry and pallet rules (spec 001 §5) and takes the book quantity at count time.
 */
import { useMemo } from 'react';
import type { EntityDef } from '../../../shared/entities/defineEntity';
import { tblCycleCountTask } from '../../../shared/entities/tblCycleCountTask';
import { FormDialog, type FormDialogProps } from '../../kit/FormDialog';
import { FormField } from '../../kit/FormField';
import { useT } from '../../kit/i18n';
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

export function CountDialog(props: FormDialogProps) {
  const t = useT();
  const { row } = props;
  const counting = row !== null && row.id !== undefined && row.id !== null;
  const taskItem = counting ? String(row.itemNumber ?? '') : '';
  const entity = counting ? COUNT : FOUND;

  // The task's own item is what is counted: shown, not changed.
  const renderField = useMemo(
    () =>
      taskItem
        ? (field: string, value: string, onChange: (value: string) => void) =>
            field === 'itemNumber' ? (
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
            ) : null
        : undefined,
    [taskItem, entity, row],
  );

  return (
    <FormDialog
      {...props}
      entity={entity}
      renderField={renderField}
      title={
        counting
          ? t('cycleCount.count.title', { workQId: String(row.workQId ?? ''), locationId: String(row.locationId ?? '') })
          : t('cycleCount.found.title')
      }
    />
  );
}
