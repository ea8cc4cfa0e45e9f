/**
 * Dock stations (README "Stations", "Enrolment"): a station generates its own key, enrols it (`enrol`: the key's hash
 * with a one-time code), shows the code; an administrator binds the code to a station row (`bindStation`), which then
 * holds only the key's hash. `revokeStation` removes the key and ends every session opened there at once.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { tKioskStation } from '../../../shared/entities/tKioskStation';
import { type EnrolAnswer, KIOSK_IDLE_SECONDS, parseFlows, type StationConfig, type StationState } from '../../../shared/kiosk';
import type { LanguageCode } from '../../../shared/wire';
import type { CrudBinding, Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { grantsWarehouse } from '../../platform/grants';
import { hashToken } from '../../platform/session';
import { addressKey, claimAttempt } from '../auth/throttle';

/** How long a station's one-time code stays valid. */
export const ENROL_CODE_TTL_MS = 15 * 60_000;
/** The code's alphabet: capitals and digits without the look-alikes 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A station key: at least 32 base64url characters (the station makes 32 random bytes, 43 characters). */
const STATION_KEY = /^[A-Za-z0-9_-]{32,200}$/;

/** A fresh one-time code, 8 characters of the unambiguous alphabet (shown as XXXX-XXXX). */
export function newEnrolCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** The code as the station shows it and the administrator types it: `ABCD-EFGH`. */
export const showCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

/** What a person typed, as stored: capitals, without the dash and spaces. */
export const normaliseCode = (typed: string): string => typed.replace(/[\s-]+/g, '').toUpperCase();

export interface StationRow {
  id: number;
  whId: string;
  stationName: string;
  dockDoor: string | null;
  flows: string;
  language: string;
  idleSeconds: number;
  status: 'N' | 'A' | 'R';
}

/** The station's own view of itself. */
export async function stationConfig(db: Db | Trx, station: StationRow): Promise<StationConfig> {
  const { rows } = await sql<{ name: string }>`select name from t_whse where wh_id = ${station.whId}`.execute(db);
  return {
    id: station.id,
    stationName: station.stationName,
    whId: station.whId,
    whName: rows[0]?.name ?? station.whId,
    dockDoor: station.dockDoor,
    flows: parseFlows(station.flows),
    language: (station.language === 'en_us' ? 'en_us' : 'zh_cn') satisfies LanguageCode,
    idleSeconds: station.idleSeconds,
  };
}

/** The active station holding this key (status A), or null. */
export async function activeStationByKey(db: Db | Trx, stationKey: string | undefined): Promise<StationRow | null> {
  if (!stationKey || !STATION_KEY.test(stationKey)) return null;
  const { rows } = await sql<StationRow>`
    select id, wh_id, station_name, dock_door, flows, language, idle_seconds, status from t_kiosk_station
    where key_hash = ${hashToken(stationKey)} and status = 'A'`.execute(db);
  return rows[0] ?? null;
}

/**
 * `POST /kiosk/enrol` (public, throttled per address): stores the key's hash with a new one-time code valid 15
 * minutes; a key enrolled again (the station restarted) gets a new code and the old one is gone.
 */
export async function enrol(db: Db, stationKey: string, ip: string, now: Date): Promise<EnrolAnswer> {
  if (!STATION_KEY.test(stationKey)) throw new AppError('kioskStationKeyInvalid');
  const wait = await claimAttempt(db, [{ ...addressKey(ip), key: `enrol:${ip}` }], now);
  if (wait > 0) throw new AppError('loginThrottled', { minutes: Math.ceil(wait / 60_000) });
  const code = newEnrolCode();
  const expiresAt = new Date(now.getTime() + ENROL_CODE_TTL_MS);
  await sql`
    insert into t_kiosk_enrolment (key_hash, code, expires_at, ip) values (${hashToken(stationKey)}, ${code}, ${expiresAt}, ${ip})
    on conflict (key_hash) do update set code = excluded.code, expires_at = excluded.expires_at, used_time = null,
      ip = excluded.ip, create_time = now()`.execute(db);
  return { code: showCode(code), expiresAt: expiresAt.toISOString() };
}

/** `POST /kiosk/station` (the station key header): active with its configuration, pending with its code, or unknown. */
export async function stationState(db: Db, stationKey: string | undefined, now: Date): Promise<StationState> {
  const station = await activeStationByKey(db, stationKey);
  if (station) {
    await sql`update t_kiosk_station set last_seen = ${now} where id = ${station.id}`.execute(db);
    return { state: 'active', station: await stationConfig(db, station) };
  }
  if (!stationKey || !STATION_KEY.test(stationKey)) return { state: 'unknown' };
  const { rows } = await sql<{ code: string; expiresAt: Date }>`
    select code, expires_at from t_kiosk_enrolment
    where key_hash = ${hashToken(stationKey)} and used_time is null and expires_at > ${now}`.execute(db);
  const pending = rows[0];
  return pending
    ? { state: 'pending', code: showCode(pending.code), expiresAt: pending.expiresAt.toISOString() }
    : { state: 'unknown' };
}

/** Ends every open session opened at these stations (revocation, a new key, deletion). */
export async function endStationSessions(trx: Trx, stationIds: readonly number[], now: Date): Promise<void> {
  if (stationIds.length === 0) return;
  await trx
    .updateTable('sysSession')
    .set({ endedAt: now, endedReason: 'logout' })
    .where('stationId', 'in', [...stationIds])
    .where('endedAt', 'is', null)
    .execute();
}

/** A station of the user's warehouses, locked; unknown → notFound, another warehouse → warehouseNotGranted. */
async function lockStation(trx: Trx, user: SessionUser, id: number): Promise<StationRow> {
  const { rows } = await sql<StationRow>`
    select id, wh_id, station_name, dock_door, flows, language, idle_seconds, status from t_kiosk_station
    where id = ${id} for update`.execute(trx);
  const station = rows[0];
  if (!station) throw new AppError('notFound', { id });
  if (!grantsWarehouse(user, station.whId)) throw new AppError('warehouseNotGranted', { whId: station.whId });
  return station;
}

/**
 * `POST /tKioskStation/bind`: the key waiting with this code (unused, not expired) is bound to the station: status A,
 * bound time and user; the code is used up. A station bound before gets the new key and its sessions end; a key that
 * was bound to another station leaves it (that station is revoked).
 */
export async function bindStation(
  db: Db,
  user: SessionUser,
  input: { id: number; code: string },
  now: Date,
): Promise<StationConfig> {
  const code = normaliseCode(input.code);
  return inTransaction(db, async (trx) => {
    const station = await lockStation(trx, user, input.id);
    const { rows } = await sql<{ id: number; keyHash: string }>`
      select id, key_hash from t_kiosk_enrolment
      where code = ${code} and used_time is null and expires_at > ${now}
      order by create_time desc limit 1 for update`.execute(trx);
    const enrolment = rows[0];
    if (!enrolment) throw new AppError('kioskBindCodeInvalid', { code: input.code.trim().slice(0, 12) });
    const { rows: others } = await sql<{ id: number }>`
      update t_kiosk_station set key_hash = null, status = 'R', update_time = now()
      where key_hash = ${enrolment.keyHash} and id <> ${station.id} returning id`.execute(trx);
    await endStationSessions(trx, [station.id, ...others.map((o) => o.id)], now);
    await sql`
      update t_kiosk_station set key_hash = ${enrolment.keyHash}, status = 'A', bound_time = ${now}, bound_by = ${user.name},
        update_time = now()
      where id = ${station.id}`.execute(trx);
    await sql`update t_kiosk_enrolment set used_time = ${now} where id = ${enrolment.id}`.execute(trx);
    return stationConfig(trx, { ...station, status: 'A' });
  });
}

/** `POST /tKioskStation/revoke`: status R, the key removed, every session opened at the station ended at once. */
export async function revokeStation(db: Db, user: SessionUser, id: number, now: Date): Promise<number> {
  return inTransaction(db, async (trx) => {
    const station = await lockStation(trx, user, id);
    await sql`
      update t_kiosk_station set key_hash = null, status = 'R', update_time = now() where id = ${station.id}`.execute(trx);
    await endStationSessions(trx, [station.id], now);
    return station.id;
  });
}

/** The generic engine's hooks for stations: a new station starts N; idle time in range; the door of the warehouse. */
export async function beforeStationSave(trx: Trx, row: Row, context: { existing: Row | null }): Promise<void> {
  const idle = Number(row.idleSeconds);
  if (!(idle >= KIOSK_IDLE_SECONDS.min && idle <= KIOSK_IDLE_SECONDS.max)) {
    throw new AppError('kioskIdleSecondsRange', { min: KIOSK_IDLE_SECONDS.min, max: KIOSK_IDLE_SECONDS.max });
  }
  if (row.dockDoor) {
    const { rows } = await sql`
      select 1 from t_dock_door where wh_id = ${String(row.whId)} and door_id = ${String(row.dockDoor)}`.execute(trx);
    if (rows.length === 0)
      throw new AppError('kioskDockDoorNotFound', { dockDoor: String(row.dockDoor), whId: String(row.whId) });
  }
  if (!context.existing) row.status = 'N';
}

/** Deleting stations ends their sessions first (the session rows keep no station afterwards). */
export async function beforeStationDelete(trx: Trx, rows: Row[], now: Date): Promise<void> {
  await endStationSessions(
    trx,
    rows.map((r) => Number(r.id)),
    now,
  );
}

/** The generic engine's binding of stations (the Dock stations screen, and the demo station of the first start). */
export function stationBinding(now: () => Date): CrudBinding {
  return {
    entity: tKioskStation,
    table: 't_kiosk_station',
    beforeSave: (trx, row, context) => beforeStationSave(trx, row, context),
    beforeDelete: (trx, rows) => beforeStationDelete(trx, rows, now()),
  };
}
