/**
 * The one GS1 parser (issue 15 "GS1"; src/server/modules/rf/README.md "GS1"): a scanned GS1-128, GS1 DataMatrix or GS1
 * QR code, raw (FNC1 as the GS character \u001d, optional symbology prefix `]C1` `]d2` `]Q3`) or in the human-readable
 * form with parentheses `(01)…(10)…`. Known application identifiers: 00 SSCC, 01/02 GTIN (check digit verified),
 * 10 lot, 11/15/17 dates YYMMDD (DD 00 = last day of the month), 21 serial, 37 count, 310x net weight in kg with x
 * decimals. A few other fixed-length AIs are read past; any other AI is refused (its length is unknown, so nothing
 * after it could be trusted). A code that is not GS1 answers null: the caller takes the text as it is.
 */

export interface Gs1Fields {
  sscc?: string;
  gtin?: string;
  lot?: string;
  productionDate?: string;
  bestBefore?: string;
  expiry?: string;
  serial?: string;
  count?: string;
  netWeightKg?: string;
}

export type Gs1Error =
  | 'rf.gs1.empty'
  | 'rf.gs1.unknownAi'
  | 'rf.gs1.badLength'
  | 'rf.gs1.badCheckDigit'
  | 'rf.gs1.badDate'
  | 'rf.gs1.badNumber'
  | 'rf.gs1.duplicateAi'
  | 'rf.gs1.missingSeparator';

export type Gs1Result = { ok: true; fields: Gs1Fields } | { ok: false; error: Gs1Error; params: { ai: string } };

const GS = '\u001d';
const PREFIXES = [']C1', ']d2', ']Q3'];

interface AiSpec {
  /** Fixed data length, or the maximum of a variable one. */
  length: number;
  fixed: boolean;
  kind: 'digits' | 'text';
  field?: keyof Gs1Fields;
}

const SPECS: Record<string, AiSpec> = {
  '00': { length: 18, fixed: true, kind: 'digits', field: 'sscc' },
  '01': { length: 14, fixed: true, kind: 'digits', field: 'gtin' },
  '02': { length: 14, fixed: true, kind: 'digits', field: 'gtin' },
  '10': { length: 20, fixed: false, kind: 'text', field: 'lot' },
  '11': { length: 6, fixed: true, kind: 'digits', field: 'productionDate' },
  '12': { length: 6, fixed: true, kind: 'digits' },
  '13': { length: 6, fixed: true, kind: 'digits' },
  '15': { length: 6, fixed: true, kind: 'digits', field: 'bestBefore' },
  '16': { length: 6, fixed: true, kind: 'digits' },
  '17': { length: 6, fixed: true, kind: 'digits', field: 'expiry' },
  '20': { length: 2, fixed: true, kind: 'digits' },
  '21': { length: 20, fixed: false, kind: 'text', field: 'serial' },
  '37': { length: 8, fixed: false, kind: 'digits', field: 'count' },
};
for (let x = 0; x <= 5; x++) SPECS[`310${x}`] = { length: 6, fixed: true, kind: 'digits', field: 'netWeightKg' };

const DATE_FIELDS = new Set<keyof Gs1Fields>(['productionDate', 'bestBefore', 'expiry']);
/** GS1 General Specifications §7.9: the printable characters of AI data (invariant subset of ISO 646). */
const TEXT = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;

/** The GS1 mod-10 check digit of a GTIN or SSCC (all digits, the last one being the check digit) holds. */
export function gs1CheckDigitOk(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i++) {
    const d = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/** YYMMDD → YYYY-MM-DD (GS1 §7.12 century rule against `today`; DD 00 = the month's last day); null when invalid. */
export function gs1Date(yymmdd: string, today: Date = new Date()): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  let dd = Number(yymmdd.slice(4, 6));
  const current = today.getUTCFullYear();
  const diff = yy - (current % 100);
  let century = current - (current % 100);
  if (diff >= 51) century -= 100;
  else if (diff <= -50) century += 100;
  const year = century + yy;
  if (mm < 1 || mm > 12) return null;
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  if (dd === 0) dd = last;
  if (dd > last) return null;
  return `${year}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

/** The pairs (AI, data) of the human-readable form, or null when it is not that form. */
function splitParenthesised(text: string): [string, string][] | null {
  const re = /\((\d{2,4})\)([^()]*)/gy;
  const pairs: [string, string][] = [];
  let match: RegExpExecArray | null = re.exec(text);
  let end = 0;
  while (match) {
    pairs.push([match[1] ?? '', match[2] ?? '']);
    end = re.lastIndex;
    match = re.exec(text);
  }
  return pairs.length > 0 && end === text.length ? pairs : null;
}

/** The AI at the start of a raw element: the known one whose digits begin it. */
function aiAt(text: string, at: number): string | null {
  for (const size of [2, 3, 4]) {
    const ai = text.slice(at, at + size);
    if (Object.hasOwn(SPECS, ai)) return ai;
  }
  return null;
}

type Pairs = { ok: true; pairs: [string, string][] } | { ok: false; error: Gs1Error; params: { ai: string } };

/** The pairs of the raw form: fixed-length data runs its length, variable data up to GS or the end. */
function splitRaw(text: string): Pairs {
  const pairs: [string, string][] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === GS) {
      at++;
      continue;
    }
    const ai = aiAt(text, at);
    if (!ai) return { ok: false, error: 'rf.gs1.unknownAi', params: { ai: text.slice(at, at + 4) } };
    const spec = SPECS[ai] as AiSpec;
    const start = at + ai.length;
    let end: number;
    if (spec.fixed) end = start + spec.length;
    else {
      const gs = text.indexOf(GS, start);
      end = gs < 0 ? text.length : gs;
    }
    if (end > text.length) return { ok: false, error: 'rf.gs1.badLength', params: { ai } };
    pairs.push([ai, text.slice(start, end)]);
    at = end;
  }
  return { ok: true, pairs };
}

/** Whether a raw text without prefix, GS or parentheses still reads as GS1: an SSCC or GTIN element with a valid check. */
function looksLikeBareGs1(text: string): boolean {
  if (/^00\d{18}/.test(text)) return gs1CheckDigitOk(text.slice(2, 20));
  if (/^0[12]\d{14}/.test(text)) return text.length > 16 && gs1CheckDigitOk(text.slice(2, 16));
  return false;
}

/**
 * Parses a scan. null: not GS1 (a plain item number, location, lot …). `{ok: false}`: GS1 but malformed — a locale key
 * with the AI at fault; nothing is filled then.
 */
export function parseGs1(scan: string, today: Date = new Date()): Gs1Result | null {
  let text = scan.replace(/[\r\n]+$/, '');
  let marked = false;
  for (const prefix of PREFIXES) {
    if (text.startsWith(prefix)) {
      text = text.slice(prefix.length);
      marked = true;
    }
  }
  if (text.startsWith(GS)) {
    text = text.slice(1);
    marked = true;
  }
  let pairs: [string, string][];
  const bracketed = text.startsWith('(') ? splitParenthesised(text) : null;
  if (bracketed) pairs = bracketed;
  else {
    if (!marked && !text.includes(GS) && !looksLikeBareGs1(text)) return null;
    if (text === '') return { ok: false, error: 'rf.gs1.empty', params: { ai: '' } };
    const raw = splitRaw(text);
    if (!raw.ok) return raw;
    pairs = raw.pairs;
  }
  return readPairs(pairs, !bracketed, today);
}

/**
 * Where a raw variable-length text element (lot, serial) runs into another element because its FNC1/GS was lost (a
 * scanner whose separator never reached the field): the AI of a tail of `data` that reads, to its end, as valid GS1
 * elements starting with a fixed-length one of at least 6 digits (a date, GTIN, SSCC, weight: shorter or variable ones
 * would match ordinary lots). `10LOT12317261231` → lot `LOT123`, then `17` 261231. null when there is none.
 */
function hiddenAi(data: string, today: Date): string | null {
  for (let at = 1; at < data.length - 1; at++) {
    const ai = aiAt(data, at);
    const spec = ai ? SPECS[ai] : undefined;
    if (!ai || !spec?.fixed || spec.length < 6) continue;
    const tail = splitRaw(data.slice(at));
    if (tail.ok && readPairs(tail.pairs, true, today).ok) return ai;
  }
  return null;
}

/** The fields of (AI, data) pairs, each checked; `raw`: the pairs came from the raw form (separators can be lost). */
function readPairs(pairs: readonly [string, string][], raw: boolean, today: Date): Gs1Result {
  const fields: Gs1Fields = {};
  for (const [ai, data] of pairs) {
    const spec = Object.hasOwn(SPECS, ai) ? SPECS[ai] : undefined;
    if (!spec) return { ok: false, error: 'rf.gs1.unknownAi', params: { ai } };
    // First: a text that ran into the next element is also too long, or badly formed, and this says why.
    if (raw && !spec.fixed && spec.kind === 'text') {
      const inner = hiddenAi(data, today);
      if (inner) return { ok: false, error: 'rf.gs1.missingSeparator', params: { ai: inner } };
    }
    const lengthOk = spec.fixed ? data.length === spec.length : data.length >= 1 && data.length <= spec.length;
    if (!lengthOk) return { ok: false, error: 'rf.gs1.badLength', params: { ai } };
    if (spec.kind === 'digits' ? !/^\d+$/.test(data) : !TEXT.test(data)) {
      return { ok: false, error: 'rf.gs1.badNumber', params: { ai } };
    }
    if (!spec.field) continue;
    if (fields[spec.field] !== undefined) return { ok: false, error: 'rf.gs1.duplicateAi', params: { ai } };
    let value = data;
    if (spec.field === 'gtin' || spec.field === 'sscc') {
      if (!gs1CheckDigitOk(data)) return { ok: false, error: 'rf.gs1.badCheckDigit', params: { ai } };
    } else if (DATE_FIELDS.has(spec.field)) {
      const date = gs1Date(data, today);
      if (!date) return { ok: false, error: 'rf.gs1.badDate', params: { ai } };
      value = date;
    } else if (spec.field === 'count') {
      value = String(Number(data));
    } else if (spec.field === 'netWeightKg') {
      const decimals = Number(ai[3]);
      const whole = data.slice(0, data.length - decimals).replace(/^0+(?=\d)/, '');
      const fraction = decimals > 0 ? data.slice(data.length - decimals).replace(/0+$/, '') : '';
      value = fraction ? `${whole}.${fraction}` : whole;
    }
    fields[spec.field] = value;
  }
  return { ok: true, fields };
}

/** The GTIN-14 as the item master's `upc` may hold it: itself, and without leading zeros (GTIN-13 EAN, GTIN-12 UPC-A). */
export function gtinForms(gtin: string): string[] {
  const forms = new Set([gtin]);
  for (const size of [13, 12, 8])
    if (gtin.length > size && /^0+$/.test(gtin.slice(0, gtin.length - size))) forms.add(gtin.slice(-size));
  return [...forms];
}
