/**
 * Wave loading and the wave-order working set (spec 001 §2.6–§2.8, §4 "Wave-load flow", §7 tAfaProfile and
 * tAfaViewWaveOrder; docs/flows.md "Wave loading"): the profiles of a client, a profile's parameters, running a profile into
 * the user's working set (one `view_id` per user and wave, replaced on each run), selecting, and adding the selected
 * orders to the wave (C → W) or taking them out (W → C). Each action locks the wave first, then orders by number.
 */
import { sql } from 'kysely';
import { CODE_PATTERN } from '../../../shared/entities/fields';
import { WAVE_LOAD_FUNCTIONS, WAVE_PROFILE, type WaveLoadFunction } from '../../../shared/entities/tAfaProfile';
import type { Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { grantScope, grantsClient } from '../../platform/grants';
import { readParam, WAVE_LOAD_CAP, WAVE_LOAD_REGISTRY } from './profiles';
import { lockBuildingWave, refuseUnlessWarehouse, removeOrdersFromWave } from './waves.service';

const SLOTS = Array.from({ length: 10 }, (_, i) => i + 1);
/** A load id is a code, as an order's (tOrder.loadId). */
const LOAD_ID = new RegExp(CODE_PATTERN);

/** The form of `execWaveLoadProfile`: the wave, client, profile and parameters 1–10 (empty = the profile's default). */
export interface WaveLoadForm {
  whId: string;
  waveId: string;
  clientCode: string;
  profileId: number;
  userName?: string;
  loadId?: string | null;
  [parameter: `parameter${number}`]: string | null | undefined;
}

/** What an outCode call did: the number of orders, for the message. */
export interface WaveOutcome {
  count: number;
  waveId: string;
}

/** The working set belongs to the signed-in user: another user's name is refused. */
function refuseOtherUser(user: SessionUser, userName: string | undefined): void {
  if (userName !== undefined && userName !== user.name) throw new AppError('waveWorkingSetNotYours', { userName });
}

/**
 * `POST /tAfaProfile/getProfile` (profileType WAVE PROFILE, whId, clientCode): the active profiles of the warehouse
 * for the client (a profile without client serves every client). A warehouse or client the user may not act for
 * answers none.
 */
export async function listProfiles(
  db: Db,
  user: SessionUser,
  whId: string,
  clientCode: string,
  profileType: string,
): Promise<Row[]> {
  if (profileType !== WAVE_PROFILE || !grantsClient(user, whId, clientCode, 'write')) return [];
  const { rows } = await sql<Row>`
    select id, profile_name, profile_descrip, function_name, client_code from t_afa_profile
    where wh_id = ${whId} and profile_type = ${profileType} and status = 'A'
      and (client_code is null or client_code = ${clientCode})
    order by profile_name`.execute(db);
  return rows;
}

interface ProfileRow extends Row {
  id: number;
  whId: string;
  clientCode: string | null;
  functionName: WaveLoadFunction;
  profileDescrip: string;
}

/** A profile the user may use: of a granted warehouse, active; null otherwise ("The profile does not exist"). */
async function usableProfile(db: Db, user: SessionUser, id: number): Promise<ProfileRow | null> {
  const { rows } = await sql<ProfileRow>`
    select * from t_afa_profile where id = ${id} and status = 'A' and profile_type = ${WAVE_PROFILE}
      and ${grantScope(user, sql.ref('wh_id'), sql.ref('client_code'))}`.execute(db);
  return rows[0] ?? null;
}

/**
 * `POST /tAfaProfile/getProfilePara` (id): the profile's parameters 1–10 — label, default, required — or null when
 * the profile does not exist for the user (the console says "The profile does not exist").
 */
export async function profileParameters(db: Db, user: SessionUser, id: number): Promise<Row | null> {
  const profile = await usableProfile(db, user, id);
  if (!profile) return null;
  const answer: Row = {
    id: profile.id,
    whId: profile.whId,
    clientCode: profile.clientCode,
    profileName: profile.profileName,
    profileDescrip: profile.profileDescrip,
    functionName: profile.functionName,
  };
  for (const n of SLOTS) {
    answer[`parameter${n}`] = profile[`parameter${n}`] ?? null;
    answer[`parameterLabel${n}`] = profile[`parameterLabel${n}`] ?? null;
    answer[`parameterRequired${n}`] = profile[`parameterRequired${n}`] ?? 'N';
  }
  return answer;
}

const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
};

/**
 * `POST /tAfaProfile/execWaveLoadProfile`: runs the profile's registry function for the client and fills the user's
 * working set of the wave with the client's confirmed orders in no wave (replacing the last run). Refuses a wave not
 * being built, a profile not the client's, a required parameter left empty and a value of the wrong kind.
 */
export async function execWaveLoadProfile(db: Db, user: SessionUser, form: WaveLoadForm): Promise<WaveOutcome> {
  refuseUnlessWarehouse(user, form.whId);
  refuseOtherUser(user, form.userName);
  if (!grantsClient(user, form.whId, form.clientCode, 'write'))
    throw new AppError('clientNotGranted', { clientCode: form.clientCode });
  const profile = await usableProfile(db, user, form.profileId);
  if (!profile || profile.whId !== form.whId || (profile.clientCode !== null && profile.clientCode !== form.clientCode)) {
    throw new AppError('waveProfileNotFound');
  }
  if (!(WAVE_LOAD_FUNCTIONS as readonly string[]).includes(profile.functionName)) throw new AppError('waveProfileNotFound');
  const fn = WAVE_LOAD_REGISTRY[profile.functionName];
  // The value of each slot: the override typed, else the profile's default; read for the slot's kind.
  const raw = SLOTS.map((n) => text(form[`parameter${n}`]) ?? text(profile[`parameter${n}`]));
  const values = SLOTS.map((n, i) => {
    const labelCode = text(profile[`parameterLabel${n}`]);
    const label = labelCode ? `code.waveParamLabel.${labelCode}` : `wave.load.parameter${n}`;
    return readParam(fn.params[i], raw[i] ?? null, label, profile[`parameterRequired${n}`] === 'Y');
  });
  const limitValue = values[fn.limitSlot];
  const limit = typeof limitValue === 'number' ? Math.min(limitValue, WAVE_LOAD_CAP) : WAVE_LOAD_CAP;
  const conditions = fn.where(values);
  const userId = user.name;
  // The load id typed in the form goes with the orders it loads, onto their wave details (README "Load id").
  const loadId = text(form.loadId);
  if (loadId !== null && !LOAD_ID.test(loadId))
    throw new AppError('fieldInvalid', { field: 'entity.tAfoWaveDetail.field.loadId' });

  return inTransaction(db, async (trx) => {
    await lockBuildingWave(trx, form.whId, form.waveId);
    await sql`delete from t_afa_view_wave_order
      where user_id = ${userId} and wh_id = ${form.whId} and wave_id = ${form.waveId}`.execute(trx);
    const { rows: next } = await sql<{ viewId: number }>`select nextval('t_afa_view_id')::int as view_id`.execute(trx);
    const viewId = next[0]?.viewId ?? 0;
    const where = sql.join(
      [
        sql`o.wh_id = ${form.whId}`,
        sql`o.client_code = ${form.clientCode}`,
        sql`o.status = 'C'`,
        sql`o.wave_id is null`,
        // A locked order (lock flag Y) is never loaded (outbound README "Holds and locks").
        sql`o.lock_flag <> 'Y'`,
        sql`not exists (select 1 from t_afo_wave_detail w where w.wh_id = o.wh_id and w.order_number = o.order_number)`,
        ...conditions,
      ],
      sql` and `,
    );
    const inserted = await sql`
      insert into t_afa_view_wave_order (view_id, user_id, wh_id, wave_id, client_code, order_number, add_quantity,
        header_string, profile_id, load_id, ${sql.join(SLOTS.map((n) => sql.ref(`parameter${n}`)))})
      select ${viewId}, ${userId}, o.wh_id, ${form.waveId}, o.client_code, o.order_number,
        coalesce((select sum(d.qty) from t_order_detail d where d.wh_id = o.wh_id and d.order_number = o.order_number), 0),
        left(concat_ws(' / ', o.ship_to_name, o.ship_to_city, o.customer_name), 300), ${profile.id}, ${loadId},
        ${sql.join(raw.map((v) => sql`${v}`))}
      from t_order o where ${where}
      order by o.priority, o.earliest_ship_date nulls last, o.order_number
      limit ${limit}`.execute(trx);
    await sql`
      insert into t_afa_view_wave_order_line (view_order_id, view_id, user_id, wh_id, wave_id, order_number, line_number,
        item_number, lot_number, qty, order_uom, stored_attribute_id)
      select v.id, v.view_id, v.user_id, v.wh_id, v.wave_id, d.order_number, d.line_number, d.item_number, d.lot_number,
        d.qty, d.order_uom, d.stored_attribute_id
      from t_afa_view_wave_order v
      join t_order_detail d on d.wh_id = v.wh_id and d.order_number = v.order_number
      where v.view_id = ${viewId}`.execute(trx);
    return { count: Number(inserted.numAffectedRows ?? 0), waveId: form.waveId };
  });
}

/**
 * `handleSelect` / `handleUnselect` (lists of id): marks rows of the user's own working sets, in granted warehouses
 * and clients. Answers the number of rows changed.
 */
export async function markSelected(db: Db, user: SessionUser, ids: readonly number[], selected: 'Y' | 'N'): Promise<number> {
  const done = await sql`
    update t_afa_view_wave_order set selected = ${selected}, update_time = now()
    where id = any(${[...new Set(ids)]}::bigint[]) and user_id = ${user.name}
      and ${grantScope(user, sql.ref('wh_id'), sql.ref('client_code'), 'write')}`.execute(db);
  return Number(done.numAffectedRows ?? 0);
}

export interface WaveOrderCall {
  whId: string;
  waveId: string;
  userName: string;
}

interface SelectedRow {
  id: number;
  orderNumber: string;
  clientCode: string;
  profileId: number | null;
  loadId: string | null;
  targetWave: string | null;
  [parameter: `parameter${number}`]: string | null;
}

/** The selected rows of the user's working set of the wave, locked; none is refused. */
async function selectedRows(trx: Trx, user: SessionUser, call: WaveOrderCall): Promise<SelectedRow[]> {
  const { rows } = await sql<SelectedRow>`
    select * from t_afa_view_wave_order
    where user_id = ${user.name} and wh_id = ${call.whId} and wave_id = ${call.waveId} and selected = 'Y'
    order by order_number for update`.execute(trx);
  if (rows.length === 0) throw new AppError('waveNoOrderSelected');
  return rows;
}

/**
 * `POST /tAfaViewWaveOrder/addOrder` (whId, waveId, userName): the selected orders of the user's working set join the
 * wave — one wave detail per order with the profile and parameters that loaded it, one detail line per order line
 * (planned 0) — and go C → W with the wave id. An order no longer confirmed (or already in a wave) refuses the whole
 * call naming it and its status.
 */
export async function addSelectedOrders(db: Db, user: SessionUser, call: WaveOrderCall): Promise<WaveOutcome> {
  refuseUnlessWarehouse(user, call.whId);
  refuseOtherUser(user, call.userName);
  return inTransaction(db, async (trx) => {
    const wave = await lockBuildingWave(trx, call.whId, call.waveId);
    const chosen = await selectedRows(trx, user, call);
    const numbers = chosen.map((r) => r.orderNumber);
    const { rows: orders } = await sql<{
      orderNumber: string;
      clientCode: string;
      status: string;
      waveId: string | null;
      lockFlag: string;
    }>`
      select order_number, client_code, status, wave_id, lock_flag from t_order
      where wh_id = ${call.whId} and order_number = any(${numbers}::varchar[]) order by order_number for update`.execute(trx);
    for (const orderNumber of numbers) {
      const order = orders.find((o) => o.orderNumber === orderNumber);
      if (!order) throw new AppError('notFound');
      if (!grantsClient(user, call.whId, order.clientCode, 'write')) {
        throw new AppError('clientNotGranted', { clientCode: order.clientCode });
      }
      if (order.status !== 'C' || order.waveId !== null) {
        throw new AppError('waveOrderNotConfirmed', { orderNumber, status: `code.orderStatus.${order.status}` });
      }
      if (order.lockFlag === 'Y') throw new AppError('orderLocked', { orderNumber });
    }
    const { rows: seq } = await sql<{ last: number }>`
      select coalesce(max(load_seq), 0)::int as last from t_afo_wave_detail
      where wh_id = ${call.whId} and wave_id = ${call.waveId}`.execute(trx);
    let loadSeq = seq[0]?.last ?? 0;
    for (const row of chosen) {
      loadSeq += 1;
      const { rows: detail } = await sql<{ id: number }>`
        insert into t_afo_wave_detail (wh_id, wave_id, order_number, client_code, load_seq, profile_id, load_id, create_by,
          ${sql.join(SLOTS.map((n) => sql.ref(`parameter${n}`)))})
        values (${call.whId}, ${call.waveId}, ${row.orderNumber}, ${row.clientCode}, ${loadSeq}, ${row.profileId}, ${row.loadId},
          ${user.name},
          ${sql.join(SLOTS.map((n) => sql`${row[`parameter${n}`] ?? null}`))})
        returning id`.execute(trx);
      await sql`
        insert into t_afo_wave_detail_line (wave_detail_id, wh_id, order_number, line_number, item_number, lot_number,
          stored_attribute_id, planned_qty)
        select ${detail[0]?.id ?? 0}, d.wh_id, d.order_number, d.line_number, d.item_number, d.lot_number,
          d.stored_attribute_id, 0
        from t_order_detail d where d.wh_id = ${call.whId} and d.order_number = ${row.orderNumber}
        order by d.line_number`.execute(trx);
    }
    const done = await sql`
      update t_order set status = 'W', wave_id = ${wave.waveId}, update_time = now()
      where wh_id = ${call.whId} and order_number = any(${numbers}::varchar[]) and status = 'C' and wave_id is null`.execute(trx);
    if (Number(done.numAffectedRows ?? 0) !== numbers.length)
      throw new AppError('waveNotBuilding', { waveId: wave.waveId, status: `code.waveStatus.${wave.status}` });
    await sql`
      update t_afa_view_wave_order set selected = 'N', add_wave_status = 'W', target_wave = ${wave.waveId}, update_time = now()
      where id = any(${chosen.map((r) => r.id)}::bigint[])`.execute(trx);
    return { count: numbers.length, waveId: wave.waveId };
  });
}

/**
 * `POST /tAfaViewWaveOrder/removeOrder` (whId, waveId, userName): the selected orders of the user's working set leave
 * the wave (W → C, wave detail and lines deleted). A selected order that is not in this wave refuses the call.
 */
export async function removeSelectedOrders(db: Db, user: SessionUser, call: WaveOrderCall): Promise<WaveOutcome> {
  refuseUnlessWarehouse(user, call.whId);
  refuseOtherUser(user, call.userName);
  return inTransaction(db, async (trx) => {
    const wave = await lockBuildingWave(trx, call.whId, call.waveId);
    const chosen = await selectedRows(trx, user, call);
    const count = await removeOrdersFromWave(
      trx,
      user,
      wave,
      chosen.map((r) => r.orderNumber),
    );
    return { count, waveId: wave.waveId };
  });
}
