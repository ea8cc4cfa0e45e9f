/**
 * Sign-in at a dock station (README "Sign-in"): by badge or by account and PIN, no captcha, only with the key of an
 * active station. The user must be enabled, hold the station's warehouse and at least one of its flows (with the
 * permissions that flow needs). The session row names the station; the user's desk session goes on, their older
 * station sessions end.
 */
import { sql } from 'kysely';
import {
  allowedFlows,
  BADGE_PATTERN,
  type KioskLoginAnswer,
  type KioskSessionInfo,
  normalizeBadge,
  PIN_PATTERN,
} from '../../../shared/kiosk';
import { isLanguage, type LanguageCode } from '../../../shared/wire';
import type { Trx } from '../../crud/crud.types';
import type { AppContext, SessionUser } from '../../platform/context';
import { AppError, HttpError, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../platform/errors';
import { grantsWarehouse } from '../../platform/grants';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { endSessions, hashToken, loadAccess, newToken } from '../../platform/session';
import {
  ADDRESS_LIMIT,
  accountKey,
  addressKey,
  claimAttempt,
  clearAttempts,
  returnAttempt,
  type ThrottleKey,
} from '../auth/throttle';
import { refuseBeyondActor } from '../system/users.service';
import { activeStationByKey, type StationRow, stationConfig } from './stations.service';

/** Badge guesses at one station count together, like an address's (a station is one place). */
const stationKeyOf = (station: StationRow): ThrottleKey => ({ key: `station:${station.id}`, limit: ADDRESS_LIMIT });

/**
 * Badge guesses count per badge prefix too, whatever the station and address: badges are printed in series that share
 * their first characters (`B-10…`), and a guesser walks a series. Four characters keep one series in one count without
 * naming a badge (a count per whole badge would never see a guess twice). The key holds a hash of the prefix: no
 * part of a badge is stored readable.
 */
export const BADGE_PREFIX_LENGTH = 4;
const badgePrefixKey = (badge: string): ThrottleKey => ({
  key: `badge:${hashToken(badge.slice(0, BADGE_PREFIX_LENGTH)).slice(0, 16)}`,
  limit: ADDRESS_LIMIT,
});

/**
 * What a badge is stored and looked up as: the SHA-256 of the normalized badge, like station keys and session tokens.
 * Not a salted slow hash: the badge alone names its user at sign-in, so it must be found by value (migration 0022).
 */
export const hashBadge = (badge: string): string => hashToken(normalizeBadge(badge));

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
  throttled: { cleared?: ThrottleKey; returned: ThrottleKey[] },
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
    // The account's count ends (its owner proved who they are); shared counts only get this attempt back.
    if (throttled.cleared) await clearAttempts(trx, throttled.cleared);
    await returnAttempt(trx, throttled.returned);
  });
  const language: LanguageCode = isLanguage(user.language) ? user.language : config.language;
  return { token, expireTime: expiresAt.toISOString(), user: { name: user.name, language }, flows };
}

const candidates = (ctx: AppContext) => ctx.db.selectFrom('sysUser').select(['id', 'name', 'status', 'language', 'pinHash']);

/**
 * `POST /kiosk/login/badge`: the badge names the user. Each try counts before the lookup per address, per station and
 * per badge prefix; a success gives each its own attempt back and leaves the failures counted (someone else's good badge
 * must not reset a guesser's count at the station).
 */
export async function badgeLogin(
  ctx: AppContext,
  stationKey: string | undefined,
  badge: string,
  ip: string,
): Promise<KioskLoginAnswer> {
  const station = await requireStation(ctx, stationKey);
  const code = normalizeBadge(badge);
  if (!code) throw new AppError('kioskBadgeInvalid');
  const keys = [addressKey(ip), stationKeyOf(station), badgePrefixKey(code)];
  await throttle(ctx, keys);
  const user = await candidates(ctx).where('badgeHash', '=', hashBadge(code)).executeTakeFirst();
  // A disabled user's badge answers like an unknown one.
  if (user?.status !== 1) throw new AppError('kioskBadgeInvalid');
  return openStationSession(ctx, station, user, ip, { returned: keys });
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
  return openStationSession(ctx, station, user, ip, { cleared: owner, returned: [address] });
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
 * Sets or clears one of a user's dock-station secrets (`/user/setPin`, `/user/setBadge`), in one transaction: the user
 * locked, nobody beyond the actor (`refuseBeyondActor`), the user's station sessions ended — signed in with the old
 * secret, they must sign in again. Answers the id, or 0 for no such user.
 */
async function setStationSecret(
  ctx: AppContext,
  actor: SessionUser,
  id: number,
  secret: { pinHash: string | null } | { badgeHash: string | null },
  check?: (trx: Trx) => Promise<void>,
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('sysUser').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!target) return 0;
    await refuseBeyondActor(trx, actor, [id]);
    await check?.(trx);
    await trx
      .updateTable('sysUser')
      .set({ ...secret, updateTime: ctx.now() })
      .where('id', '=', id)
      .execute();
    await endSessions(trx, id, ctx.now(), 'logout', 'station');
    return id;
  });
}

/**
 * `POST /user/setPin` (sys:user:edit): an administrator sets (4–8 digits) or clears (empty) a user's PIN; it is stored
 * as a scrypt hash and never returned.
 */
export async function setPin(ctx: AppContext, actor: SessionUser, id: number, pin: string): Promise<number> {
  const value = pin.trim();
  if (value !== '' && !PIN_PATTERN.test(value)) throw new AppError('pinFormat');
  return setStationSecret(ctx, actor, id, { pinHash: value === '' ? null : await hashPassword(value) });
}

/**
 * `POST /user/setBadge` (sys:user:edit): an administrator sets (BADGE_PATTERN) or clears (empty) a user's badge; it is
 * stored as `hashBadge` and never returned — the console shows only whether one is set. A badge another user holds is
 * refused (`badgeTaken`), also when two administrators set it at once (the unique index on the hash).
 */
export async function setBadge(ctx: AppContext, actor: SessionUser, id: number, badge: string): Promise<number> {
  const value = normalizeBadge(badge);
  if (value !== '' && !BADGE_PATTERN.test(value)) throw new AppError('badgeFormat');
  const badgeHash = value === '' ? null : hashBadge(value);
  // After the actor check: whether a badge is taken is told only about users the actor may change.
  const refuseTaken = async (trx: Trx) => {
    if (!badgeHash) return;
    const holder = await trx
      .selectFrom('sysUser')
      .select('id')
      .where('badgeHash', '=', badgeHash)
      .where('id', '<>', id)
      .executeTakeFirst();
    if (holder) throw new AppError('badgeTaken');
  };
  try {
    return await setStationSecret(ctx, actor, id, { badgeHash }, refuseTaken);
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('badgeTaken');
    throw error;
  }
}
