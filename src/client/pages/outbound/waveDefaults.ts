/** What the wave screens fill in for the clerk (issue 27 item 4: a wave in a few clicks). */
import { type RefObject, useEffect, useRef } from 'react';
import { WAVE_DEFAULTS } from '../../../shared/entities/tWaveMaster';
import { type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import type { EntityRow } from '../../kit/EntityListPage';
import { offeredWarehouseClient } from '../../kit/WarehouseClientSelect';

/** How many of the warehouse's newest waves a new wave looks at for the door, staging location and work type. */
const RECENT_WAVES = 20;

/**
 * The values a new wave's form starts with: the user's warehouse (last chosen, else the first granted), sequence 1,
 * priority 50, one worker, and the door, staging location and override work type of the warehouse's newest wave that
 * has them (a clerk builds today's waves as yesterday's). Empty when the user has no warehouse.
 */
export async function newWaveValues(user: string): Promise<EntityRow> {
  const row: EntityRow = { ...WAVE_DEFAULTS };
  const pair = await offeredWarehouseClient(user, true);
  if (!pair) return row;
  row.whId = pair.whId;
  const envelope = await apiPost<PageResult<EntityRow>>('/tWaveMaster/findPage', {
    pageNum: 1,
    pageSize: RECENT_WAVES,
    columnFilters: { whId: pair.whId },
  });
  const waves = envelope.code === SUCCESS ? (envelope.data?.content ?? []) : [];
  const withDoor = waves.find((w) => w.doorLocation && w.stagingLocation);
  if (withDoor) {
    row.doorLocation = withDoor.doorLocation;
    row.stagingLocation = withDoor.stagingLocation;
  }
  const withWorkType = waves.find((w) => w.overrideWorkType);
  if (withWorkType) row.overrideWorkType = withWorkType.overrideWorkType;
  return row;
}

/**
 * The first field of a dialog's form takes the focus as the dialog shows (not the dialog's frame, nor the button that
 * opened it): the clerk types at once. The wave dialogs are mounted open, and Shoelace moves the focus only when a
 * mounted dialog opens: the form focuses its first enabled field itself, the frame after it is shown.
 */
export function useFirstFieldFocus(shown: boolean): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!shown) return;
    const frame = requestAnimationFrame(() => {
      form.current?.querySelector<HTMLElement>('sl-input:not([disabled]):not([readonly]), sl-select:not([disabled])')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [shown]);
  return form;
}
