/**
 * Secret fields: values a client sends that must never be shown back nor written to the operation log (issue 24
 * item 2). One list, used by the route schemas that carry a secret (`secretProperties`) and by the log's redaction
 * (`platform/audit.ts`), plus a broad rule on the name so that a renamed or new key (`badgeCode`, `api_key`,
 * `userPin`) is masked even before anyone adds it here. `platform/audit.test.ts` walks every route's schema and every
 * entity field and fails on a secret-looking name the log would keep.
 */

/** The secret fields the API carries today. */
export const SECRET_FIELDS = [
  'password',
  'oldPassword',
  'newPassword',
  'captcha',
  'token',
  'pin',
  'badge',
  'stationKey',
  'signaturePng',
] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

/** Stems that name a secret wherever they appear in a name (case, `_` and `-` ignored). */
const SECRET_ANYWHERE = /password|passwd|passphrase|pwd|badge|token|secret|captcha|signature|credential|cookie/;
/**
 * Short stems that are secrets as a word of the name (camelCase, snake_case, kebab-case), or at its start or end when
 * written in one piece (`pincode`, `apikey`): anywhere they would also hit `shippingDate`, `qtyPassed` or `keyword`.
 */
const SECRET_WORDS = ['pin', 'key', 'pass', 'hash'] as const;

const LISTED: ReadonlySet<string> = new Set(SECRET_FIELDS);

/** Whether a field of a request (at any depth) holds a secret: listed, or its name looks like one. */
export function isSecretField(name: string): boolean {
  if (LISTED.has(name)) return true;
  const flat = name.toLowerCase().replace(/[_\-\s]/g, '');
  if (SECRET_ANYWHERE.test(flat)) return true;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return SECRET_WORDS.some((s) => flat.startsWith(s) || flat.endsWith(s) || words.some((w) => w === s || w === `${s}s`));
}

/**
 * The properties of a route schema that hold secrets, named from SECRET_FIELDS only (another name does not compile):
 * `Type.Object({ id, ...secretProperties({ badge: Type.String() }) })`.
 */
export function secretProperties<P extends { [K in keyof P]: K extends SecretField ? unknown : never }>(properties: P): P {
  return properties;
}
