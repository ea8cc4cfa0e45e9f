/**
 * Waves (spec 001 §2.6, §3 "Wave master", §4; README "Waves"): the status rules of the wave header, holding, and
 * taking orders out of a wave. Every action is one transaction that locks the wave first, then its orders by number.
 */
import { sql } from 'kysely';
import { WAVE_DEFAULTS } from '../../../shared/entities/tWaveMaster';
import type { Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { grantsClient, grantsWarehouse } from '../../platform/grants';
import { takeNextNumber } from '../masterdata/control.service';

export type WaveStatus = 'N' | 'R' | 'P' | 'C' | 'S' | 'H';

export interface WaveHeader {
  id: number;
  whId: string;
  waveId: string;
  status: WaveStatus;
  heldStatus: 'N' | 'R' | null;
}

/** The refusal's parameters: the wave and its translated status. */
export const waveRefusal = (wave: Pick<WaveHeader, 'waveId' | 'status'>) => ({
  waveId: String(wave.waveId),
  status: `code.waveStatus.${String(wave.status)}`,
});

/** A wave being built: N, or held while it was N. Only then do orders come in or go out. */
export const isBuilding = (wave: Pick<WaveHeader, 'status' | 'heldStatus'>): boolean =>
  wave.status === 'N' || (wave.status === 'H' && wave.heldStatus === 'N');

/** The header may change while N or H (release and picking own R, P, C, S). */
export function refuseUnlessEditable(wave: Row): void {
  if (wave.status !== 'N' && wave.status !== 'H')
    throw new AppError('waveNotEditable', waveRefusal(wave as unknown as WaveHeader));
}

/** A wave is deleted only while N (its orders go back to confirmed in the same transaction). */
export function refuseUnlessDeletable(wave: Row): void {
  if (wave.status !== 'N') throw new AppError('waveNotDeletable', waveRefusal(wave as unknown as WaveHeader));
}

/** Refuses a latest ship date before the earliest, naming the field. */
export function refuseShipDateOrder(row: Row): void {
  const earliest = row.earliestShipDate ? String(row.earliestShipDate) : null;
  const latest = row.latestShipDate ? String(row.latestShipDate) : null;
  if (earliest && latest && latest < earliest) {
    throw new AppError('fieldInvalid', { field: 'entity.tWaveMaster.field.latestShipDate' });
  }
}

const blank = (value: unknown): boolean => value === null || value === undefined || value === '';

/**
 * Fills what a wave header left blank and checks it as the table does, with messages that name the value: sequence 1,
 * priority 50 (1–99, `orderPriorityRange` as for orders), one worker (1–999, `waveWorkersRange`), and — with a door and
 * no staging location — the door's staging location (`t_dock_door.staging_location_id`), where its picks go.
 */
export async function applyWaveDefaults(trx: Trx, row: Row): Promise<void> {
  for (const [field, value] of Object.entries(WAVE_DEFAULTS)) if (blank(row[field])) row[field] = value;
  const priority = Number(row.priority);
  if (!Number.isInteger(priority) || priority < 1 || priority > 99) {
    throw new AppError('orderPriorityRange', { value: String(row.priority) });
  }
  const workers = Number(row.workersRequired);
  if (!Number.isInteger(workers) || workers < 1 || workers > 999) {
    throw new AppError('waveWorkersRange', { value: String(row.workersRequired) });
  }
  if (blank(row.stagingLocation) && !blank(row.doorLocation)) {
    const { rows } = await sql<{ stagingLocationId: string | null }>`
      select staging_location_id from t_dock_door
      where wh_id = ${String(row.whId)} and door_id = ${String(row.doorLocation)}`.execute(trx);
    row.stagingLocation = rows[0]?.stagingLocationId ?? null;
  }
}

/** Numbers of the series typed by hand earlier are skipped; this many in a row means something is wrong. */
const MAX_SKIPPED_NUMBERS = 1000;

/** The next number of the warehouse's WAVE series that no wave has. */
export async function nextWaveId(trx: Trx, whId: string): Promise<string> {
  for (let i = 0; i < MAX_SKIPPED_NUMBERS; i++) {
    const candidate = await takeNextNumber(trx, whId, 'WAVE');
    const { rows } = await sql`select 1 from t_wave_master where wh_id = ${whId} and wave_id = ${candidate}`.execute(trx);
    if (rows.length === 0) return candidate;
  }
  throw new AppError('duplicateKey', { fields: ['entity.tWaveMaster.field.waveId'] });
}

/** Locks a wave of the warehouse for the transaction; refuses a missing one. */
export async function lockWave(trx: Trx, whId: string, waveId: string): Promise<WaveHeader> {
  const { rows } = await sql<WaveHeader>`
    select id, wh_id, wave_id, status, held_status from t_wave_master
    where wh_id = ${whId} and wave_id = ${waveId} for update`.execute(trx);
  const wave = rows[0];
  if (!wave) throw new AppError('waveNotFound', { waveId });
  return wave;
}

/** Locks a wave that is being built (N, or H from N); any other status is refused naming the wave. */
export async function lockBuildingWave(trx: Trx, whId: string, waveId: string): Promise<WaveHeader> {
  const wave = await lockWave(trx, whId, waveId);
  if (!isBuilding(wave)) throw new AppError('waveNotBuilding', waveRefusal(wave));
  return wave;
}

/** The refusal of a warehouse the user does not hold. */
export function refuseUnlessWarehouse(user: SessionUser, whId: string): void {
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
}

/**
 * `POST /tWaveMaster/holdWave` (contracts.md): N or R → H, `held_status` keeping the status it had, all waves or
 * none. Answers the number held.
 */
export async function holdWaves(db: Db, user: SessionUser, whId: string, waveIds: readonly string[]): Promise<number> {
  refuseUnlessWarehouse(user, whId);
  const ids = [...new Set(waveIds)].sort();
  return inTransaction(db, async (trx) => {
    for (const waveId of ids) {
      const wave = await lockWave(trx, whId, waveId);
      if (wave.status !== 'N' && wave.status !== 'R') throw new AppError('waveNotHoldable', waveRefusal(wave));
      const done = await sql`
        update t_wave_master set held_status = status, status = 'H', update_time = now()
        where id = ${wave.id} and status in ('N', 'R')`.execute(trx);
      if (Number(done.numAffectedRows ?? 0) !== 1) throw new AppError('waveNotHoldable', waveRefusal(wave));
    }
    return ids.length;
  });
}

/**
 * Takes orders out of a building wave (W → C, wave id cleared), with their wave detail and lines; the working sets
 * that showed them added forget it. Locks the orders by number after the wave (the caller locked it). Refuses an
 * order that is not in this wave, or of a client the user may not write.
 */
export async function removeOrdersFromWave(
  trx: Trx,
  user: SessionUser,
  wave: WaveHeader,
  orderNumbers: readonly string[],
): Promise<number> {
  const numbers = [...new Set(orderNumbers)].sort();
  const { rows: orders } = await sql<{ orderNumber: string; clientCode: string; status: string; waveId: string | null }>`
    select order_number, client_code, status, wave_id from t_order
    where wh_id = ${wave.whId} and order_number = any(${numbers}::varchar[]) order by order_number for update`.execute(trx);
  for (const orderNumber of numbers) {
    const order = orders.find((o) => o.orderNumber === orderNumber);
    if (!order || order.waveId !== wave.waveId || order.status !== 'W') {
      throw new AppError('waveOrderNotInWave', { orderNumber, waveId: wave.waveId });
    }
    if (!grantsClient(user, wave.whId, order.clientCode, 'write')) {
      throw new AppError('clientNotGranted', { clientCode: order.clientCode });
    }
  }
  await sql`delete from t_afo_wave_detail where wh_id = ${wave.whId} and wave_id = ${wave.waveId}
    and order_number = any(${numbers}::varchar[])`.execute(trx);
  const done = await sql`
    update t_order set status = 'C', wave_id = null, update_time = now()
    where wh_id = ${wave.whId} and order_number = any(${numbers}::varchar[]) and status = 'W' and wave_id = ${wave.waveId}`.execute(
    trx,
  );
  if (Number(done.numAffectedRows ?? 0) !== numbers.length) throw new AppError('waveNotBuilding', waveRefusal(wave));
  await sql`
    update t_afa_view_wave_order set add_wave_status = null, target_wave = null, selected = 'N', update_time = now()
    where wh_id = ${wave.whId} and wave_id = ${wave.waveId} and order_number = any(${numbers}::varchar[])`.execute(trx);
  return numbers.length;
}

/**
 * `POST /tAfoWaveDetail/removeOrder` (spec 001 §2.6 row delete): the listed orders of the wave leave it, W → C.
 * The rows are wave detail ids of that wave; one missing refuses them all.
 */
export async function removeWaveDetails(
  db: Db,
  user: SessionUser,
  whId: string,
  waveId: string,
  ids: readonly number[],
): Promise<number> {
  refuseUnlessWarehouse(user, whId);
  return inTransaction(db, async (trx) => {
    const wave = await lockBuildingWave(trx, whId, waveId);
    const unique = [...new Set(ids)];
    const { rows } = await sql<{ orderNumber: string }>`
      select order_number from t_afo_wave_detail
      where id = any(${unique}::bigint[]) and wh_id = ${whId} and wave_id = ${waveId}`.execute(trx);
    if (rows.length !== unique.length) throw new AppError('notFound');
    return removeOrdersFromWave(
      trx,
      user,
      wave,
      rows.map((r) => r.orderNumber),
    );
  });
}

/** Deleting waves (generic delete): each must be N; their orders go back to confirmed (W → C). */
export async function releaseOrdersOfDeletedWaves(trx: Trx, waves: Row[]): Promise<void> {
  for (const wave of waves) {
    refuseUnlessDeletable(wave);
    await sql`
      update t_order set status = 'C', wave_id = null, update_time = now()
      where wh_id = ${String(wave.whId)} and wave_id = ${String(wave.waveId)} and status = 'W'`.execute(trx);
  }
}
