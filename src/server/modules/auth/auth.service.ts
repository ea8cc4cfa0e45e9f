import { randomBytes, randomInt } from 'node:crypto';
import type { LoginAnswer, LoginRequest } from '../../../shared/wire';
import { isLanguage, LOCALE_IDS } from '../../../shared/wire';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import { endSessions, hashToken, newToken } from '../../platform/session';
import { accountKey, addressKey, claimAttempt, clearAttempts } from './throttle';

const CAPTCHA_TTL_MS = 2 * 60_000;

/** Four random digits. */
export function randomCaptchaCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

/** Stores a new captcha (hashed) and answers its id and code. */
export async function issueCaptcha(ctx: AppContext): Promise<{ id: string; code: string }> {
  const id = randomBytes(16).toString('hex');
  const code = ctx.captchaCode();
  await ctx.db
    .insertInto('sysCaptcha')
    .values({ id, codeHash: hashToken(`${id}:${code}`), expiresAt: new Date(ctx.now().getTime() + CAPTCHA_TTL_MS) })
    .execute();
  return { id, code };
}

/** A captcha is good for one attempt: it is deleted whether or not the code matches. */
async function consumeCaptcha(ctx: AppContext, id: string | undefined, code: string): Promise<boolean> {
  if (!id) return false;
  const row = await ctx.db.deleteFrom('sysCaptcha').where('id', '=', id).returning(['codeHash', 'expiresAt']).executeTakeFirst();
  return !!row && row.expiresAt > ctx.now() && row.codeHash === hashToken(`${id}:${code.trim()}`);
}

/**
 * Checks the login form, captcha, throttle and password in the spec's order, then opens a session
 * and ends the user's older ones (their next call answers 405).
 */
export async function login(
  ctx: AppContext,
  form: Partial<LoginRequest>,
  captchaId: string | undefined,
  ip: string,
): Promise<LoginAnswer> {
  const account = (form.account ?? '').trim();
  const password = form.password ?? '';
  const captcha = form.captcha ?? '';
  if (!account) throw new AppError('loginAccountRequired');
  if (!password) throw new AppError('loginPasswordRequired');
  if (ctx.config.captcha) {
    if (!captcha.trim()) throw new AppError('loginCaptchaRequired');
    if (!(await consumeCaptcha(ctx, captchaId, captcha))) throw new AppError('loginCaptchaInvalid');
  }
  const now = ctx.now();
  const address = addressKey(ip);
  const owner = accountKey(account);
  // The attempt is counted before the password is checked: parallel attempts cannot check more than the limit.
  const wait = await claimAttempt(ctx.db, [address, owner], now);
  if (wait > 0) throw new AppError('loginThrottled', { minutes: Math.ceil(wait / 60_000) });
  const user = await ctx.db
    .selectFrom('sysUser as u')
    .leftJoin('tenant as t', 't.id', 'u.tenantId')
    .select(['u.id', 'u.passwordHash', 'u.status', 'u.language', 'u.localeId', 't.id as tenantId'])
    .where('u.name', '=', account)
    .executeTakeFirst();
  // An unknown account is checked against a dummy hash (same time), and a disabled one answers like a wrong
  // password whatever was typed: the answer tells nobody which accounts exist.
  const valid = await verifyPassword(password, user?.passwordHash);
  if (!user || !valid || user.status !== 1) throw new AppError('loginInvalidAccount');
  if (user.tenantId === null) throw new AppError('loginNoTenant');
  if (!isLanguage(user.language) || !user.localeId) throw new AppError('loginNoLanguage');
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ctx.config.sessionMaxHours * 3_600_000);
  await ctx.db.transaction().execute(async (trx) => {
    // A console login ends the user's older desk sessions only: a station session of the same user goes on (README of
    // the kiosk module: a dock worker may have both).
    await endSessions(trx, user.id, now, 'replaced', 'desk');
    // The language chosen on the login screen becomes the user's saved language (issue 10 item 12). The stored one
    // was checked above: a user without a language still answers the spec's "No language is specified".
    if (isLanguage(form.language) && form.language !== user.language) {
      await trx
        .updateTable('sysUser')
        .set({ language: form.language, localeId: LOCALE_IDS[form.language] })
        .where('id', '=', user.id)
        .execute();
    }
    await trx
      .insertInto('sysSession')
      .values({ userId: user.id, tokenHash: hashToken(token), createTime: now, lastSeen: now, expiresAt, ip })
      .execute();
    await clearAttempts(trx, owner, address);
  });
  return { token, expireTime: expiresAt.toISOString() };
}

/** Ends the session of this token (a no-op for an unknown or ended one). */
export async function logout(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token) return;
  await ctx.db
    .updateTable('sysSession')
    .set({ endedAt: ctx.now(), endedReason: 'logout' })
    .where('tokenHash', '=', hashToken(token))
    .where('endedAt', 'is', null)
    .execute();
}
