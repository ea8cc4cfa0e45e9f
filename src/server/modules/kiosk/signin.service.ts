/**
 * Sign-in at a dock station (README "Sign-in"): by badge or by account and PIN, no captcha, only with the key of an
 * active station. The user must be enabled, hold the station's warehouse and at least one of its flows (with the
 * permissions that flow needs). The session row names the station; the user's desk session goes on, their older
 * station sessions end.
 */
import { sql } from 'kysely';
import { allowedFlows, type KioskLoginAnswer, type KioskSessionInfo, PIN_PATTERN } from '../../../shared/kiosk';
import { isLanguage, type LanguageCode } from '../../../shared/wire';
import type { AppContext, SessionUser } from '../../platform/context';
import { AppError, HttpError } from '../../platform/errors';
import { grantsWarehouse } from '../../platform/grants';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { endSessions, hashToken, loadAccess, newToken } from '../../platform/session';
import { ADDRESS_LIMIT, accountKey, addressKey, claimAttempt, clearAttempts, type ThrottleKey } from '../auth/throttle';
import { refuseBeyondActor } from '../system/users.service';
import { activeStationByKey, type StationRow, stationConfig } from './stations.service';

/** Badge guesses at one station count together, like an address's (a station is one place). */
const stationKeyOf = (station: StationRow): ThrottleKey => ({ key: `station:${station.id}`, limit: ADDRESS_LIMIT });

interface Candidate {
  id: number;
  name: string;
  status: number;
  language: string | null;
  pinHash: string | null;
}

async function requireStation(ctx: AppContext, stationKey: string | undefined): Promise<StationRow> {
  const station = await activeStationByKey(ctx.db, stationKey);
  if (!station) throw new AppError('kioskStationUnknown');
  return station;
}

async function throttle(ctx: AppContext, keys: ThrottleKey[]): Promise<void> {
  const wait = await claimAttempt(ctx.db, keys, ctx.now());
  if (wait > 0) throw new AppError('loginThrottled', { minutes: Math.ceil(wait / 60_000) });
}

/** Opens the station session of an identified user: warehouse and flows checked, older station sessions ended. */
async function openStationSession(
  ctx: AppContext,
  station: StationRow,
  user: Candidate,
  ip: string,
  cleared: { owner: ThrottleKey; address: ThrottleKey },
): Promise<KioskLoginAnswer> {
  const access = await loadAccess(ctx.db, user.id);
  if (!grantsWarehouse(access, station.whId)) throw new AppError('kioskNoWarehouse', { whId: station.whId });
  const config = await stationConfig(ctx.db, station);
  const flows = allowedFlows(config.flows, access);
  if (flows.length === 0) throw new AppError('kioskNoFlow');
  const now = ctx.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ctx.config.sessionMaxHours * 3_600_000);
  await ctx.db.transaction().execute(async (trx) => {
    await endSessions(trx, user.id, now, 'replaced', 'station');
    await trx
      .insertInto('sysSession')
      .values({
        userId: user.id,
        tokenHash: hashToken(token),
        createTime: now,
        lastSeen: now,
        expiresAt,
        ip,
        stationId: station.id,
      })
      .execute();
    await clearAttempts(trx, cleared.owner, cleared.address);
  });
  const language: LanguageCode = isLanguage(user.language) ? user.language : config.language;
  return { token, expireTime: expiresAt.toISOString(), user: { name: user.name, language }, flows };
}

const candidates = (ctx: AppContext) => ctx.db.selectFrom('sysUser').select(['id', 'name', 'status', 'language', 'pinHash']);

/** `POST /kiosk/login/badge`: the badge names the user. Throttled per address and per station. */
export async function badgeLogin(
  ctx: AppContext,
  stationKey: string | undefined,
  badge: string,
  ip: string,
): Promise<KioskLoginAnswer> {
  const station = await requireStation(ctx, stationKey);
  const code = badge.trim();
  if (!code) throw new AppError('kioskBadgeInvalid');
  const address = addressKey(ip);
  const place = stationKeyOf(station);
  await throttle(ctx, [address, place]);
  const user = await candidates(ctx).where('badgeCode', '=', code).executeTakeFirst();
  // A disabled user's badge answers like an unknown one.
  if (user?.status !== 1) throw new AppError('kioskBadgeInvalid');
  return openStationSession(ctx, station, user, ip, { owner: place, address });
}

/** `POST /kiosk/login/pin`: account and PIN. Throttled per address and per account (with the login's counter). */
export async function pinLogin(
  ctx: AppContext,
  stationKey: string | undefined,
  input: { account: string; pin: string },
  ip: string,
): Promise<KioskLoginAnswer> {
  const station = await requireStation(ctx, stationKey);
  const account = input.account.trim();
  if (!account || !input.pin) throw new AppError('kioskPinInvalid');
  const address = addressKey(ip);
  const owner = accountKey(account);
  await throttle(ctx, [address, owner]);
  const user = await candidates(ctx).where('name', '=', account).executeTakeFirst();
  // Same time and answer for an unknown account, no PIN set, a wrong PIN and a disabled user.
  const valid = await verifyPassword(input.pin, user?.pinHash);
  if (!user || !valid || user.status !== 1) throw new AppError('kioskPinInvalid');
  return openStationSession(ctx, station, user, ip, { owner, address });
}

/** `POST /kiosk/session`: the signed-in user, the station and the flows they may use (station sessions only). */
export async function sessionInfo(ctx: AppContext, user: SessionUser): Promise<KioskSessionInfo> {
  if (!user.station) throw new HttpError(403);
  const profile = await ctx.db
    .selectFrom('sysUser')
    .select(['nickName', 'language'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  const config = await stationConfig(ctx.db, await activeStationRow(ctx, user.station.id));
  const language = isLanguage(profile.language) ? profile.language : config.language;
  return {
    user: { name: user.name, nickName: profile.nickName, language },
    station: config,
    flows: [...user.station.flows],
  };
}

async function activeStationRow(ctx: AppContext, id: number): Promise<StationRow> {
  const { rows } = await sql<StationRow>`
    select id, wh_id, station_name, dock_door, flows, language, idle_seconds, status from t_kiosk_station
    where id = ${id}`.execute(ctx.db);
  const row = rows[0];
  if (!row) throw new HttpError(401);
  return row;
}

/**
 * `POST /user/setPin` (sys:user:edit): an administrator sets (4–8 digits) or clears (empty) a user's PIN; it is stored
 * as a scrypt hash and never returned. The user's station sessions end.
 */
export async function setPin(ctx: AppContext, actor: SessionUser, id: number, pin: string): Promise<number> {
  const value = pin.trim();
  if (value !== '' && !PIN_PATTERN.test(value)) throw new AppError('pinFormat');
  const hash = value === '' ? null : await hashPassword(value);
  return ctx.db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('sysUser').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!target) return 0;
    await refuseBeyondActor(trx, actor, [id]);
    await trx.updateTable('sysUser').set({ pinHash: hash, updateTime: ctx.now() }).where('id', '=', id).execute();
    await endSessions(trx, id, ctx.now(), 'logout', 'station');
    return id;
  });
}
