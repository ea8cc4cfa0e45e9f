import { type Kysely, sql } from 'kysely';

/**
 * Badges are secrets (issue 24 item 2; src/server/modules/kiosk/README.md "Badges"):
 * - sys_user.badge_hash: the SHA-256 (hex) of the badge as the server normalizes it (trimmed), unique when set. A badge
 *   names its user at sign-in, so it is looked up by value: a salted slow hash (the PIN's scrypt) cannot be searched,
 *   a plain hash can — as station keys and session tokens are stored. The existing plain codes are hashed here with the
 *   same function (`sha256()` of the UTF-8 bytes: PostgreSQL 11+ and PGlite), then badge_code and its index go.
 * - sys_log: the user saves of before kept `"badgeCode":"…"` in their params (the masking matched `badge` only); the
 *   value is replaced by the mask, also in a row cut at 4,000 characters. Nothing else secret-looking was logged
 *   unmasked (`platform/audit.test.ts` walks every route).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    alter table sys_user add column badge_hash varchar(64);
    update sys_user set badge_hash = encode(sha256(convert_to(btrim(badge_code), 'UTF8')), 'hex')
      where btrim(badge_code) <> '';
    create unique index sys_user_badge_hash on sys_user(badge_hash) where badge_hash is not null;
    drop index sys_user_badge_code;
    alter table sys_user drop column badge_code;
    update sys_log set params = regexp_replace(params, '"badgeCode":"[^"]*', '"badgeCode":"******', 'g')
      where params like '%"badgeCode":"%';
  `)
    .execute(db);
}
