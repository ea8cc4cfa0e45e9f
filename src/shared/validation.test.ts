import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldDef } from './entities/defineEntity';
import { checkField, clipText, type FieldRule, hasDirectionControl, isCalendarDate, matchesRule, textLength } from './validation';

/** An independent reading of a typed number: sign, digits before and after the point; null if it is not one. */
function parse(text: string): { sign: string; whole: string; fraction: string | null } | null {
  const match = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  return { sign: match[1] ?? '', whole: match[2] ?? '', fraction: match[3] ?? null };
}

/** The spec's wording turned into conditions, one by one (spec 000 §5, spec 001 §5). */
function model(rule: FieldRule, text: string): boolean {
  const n = parse(text);
  if (!n) return false;
  const leadingZero = n.whole.length > 1 && n.whole.startsWith('0');
  const decimals = n.fraction?.length ?? 0;
  const danglingPoint = n.fraction === '';
  const trailingZero = decimals > 0 && n.fraction!.endsWith('0');
  const zero = /^0+$/.test(n.whole) && /^0*$/.test(n.fraction ?? '');
  const fits = n.whole.length <= 15 && decimals <= 3 && !danglingPoint && !leadingZero;
  switch (rule) {
    case 'qtyPositive':
      return n.sign === '' && fits && !trailingZero && !zero;
    case 'qtySigned':
      return fits && !trailingZero && !zero;
    case 'qtyNonNegative':
      return n.sign === '' && fits;
    case 'positiveInt':
      return n.sign === '' && n.fraction === null && !leadingZero && !zero && n.whole.length <= 9;
    case 'percent':
      return n.sign === '' && n.fraction === null && !leadingZero && Number(n.whole) >= 1 && Number(n.whole) <= 100;
  }
}

const RULES: FieldRule[] = ['qtyPositive', 'qtySigned', 'qtyNonNegative', 'positiveInt', 'percent'];

/** Strings made of the characters that matter to number patterns, so near-misses are common. */
const typed = fc
  .array(fc.constantFrom('0', '0', '1', '5', '9', '.', '.', '-', '+', ' ', 'e', ','), { maxLength: 12 })
  .map((chars) => chars.join(''));

/** A well-formed quantity: a whole part and 0 to 3 decimals, written without trailing zero. */
const quantity = fc
  .record({ whole: fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), milli: fc.integer({ min: 0, max: 999 }) })
  .map(({ whole, milli }) => (milli === 0 ? `${whole}` : `${whole}.${String(milli).padStart(3, '0').replace(/0+$/, '')}`));

describe('quantity and number rules', () => {
  it.each(RULES)('%s accepts exactly what the spec describes, for any typed text', (rule) => {
    fc.assert(
      fc.property(fc.oneof(typed, quantity, fc.string({ maxLength: 8 })), (text) => {
        expect(matchesRule(rule, text)).toBe(model(rule, text.trim()));
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts every positive quantity with up to 3 decimals, and refuses it with a trailing zero', () => {
    fc.assert(
      fc.property(quantity, (text) => {
        fc.pre(Number(text) > 0);
        expect(matchesRule('qtyPositive', text)).toBe(true);
        expect(matchesRule('qtySigned', `-${text}`)).toBe(true);
        expect(matchesRule('qtyNonNegative', text)).toBe(true);
        if (text.includes('.')) expect(matchesRule('qtyPositive', `${text}0`)).toBe(false);
        expect(matchesRule('qtyPositive', `-${text}`)).toBe(false);
        expect(matchesRule('qtyPositive', `0${text}`)).toBe(false);
      }),
    );
  });

  it('refuses a fourth decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 6 }), fc.integer({ min: 1, max: 9 }), (whole, digit) => {
        for (const rule of ['qtyPositive', 'qtySigned', 'qtyNonNegative'] as const)
          expect(matchesRule(rule, `${whole}.123${digit}`)).toBe(false);
      }),
    );
  });

  it('takes line numbers as positive integers without leading zero, and percent from 1 to 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 999_999_999 }), (n) => {
        expect(matchesRule('positiveInt', String(n))).toBe(n > 0);
        expect(matchesRule('percent', String(n))).toBe(n >= 1 && n <= 100);
        expect(matchesRule('positiveInt', `0${n}`)).toBe(false);
      }),
    );
  });

  // Examples from the spec's wording, readable at a glance.
  it.each([
    [
      'qtyPositive',
      ['1', '0.5', '0.001', '12.25', '999999999999999.999'],
      ['0', '0.0', '1.0', '1.50', '01', '-1', '1.2345', '.5', '5.', '1e3', ' ', '1 000'],
    ],
    ['qtySigned', ['-1', '+2', '-0.125', '3'], ['0', '-0', '-0.0', '-1.10', '--1', '-01']],
    ['qtyNonNegative', ['0', '0.5', '1.50', '7'], ['-1', '1.2345', '00', '-0']],
    ['positiveInt', ['1', '10', '999999999'], ['0', '01', '1.0', '-3', '1000000000']],
    ['percent', ['1', '50', '100'], ['0', '101', '05', '1.5']],
  ] as const)('%s: accepts %j, refuses %j', (rule, good, bad) => {
    for (const text of good) expect(matchesRule(rule, text), text).toBe(true);
    for (const text of bad) expect(matchesRule(rule, text), text).toBe(false);
  });

  it('reads JSON numbers as the console would have typed them', () => {
    expect(matchesRule('qtyPositive', 1.5)).toBe(true);
    expect(matchesRule('qtyPositive', 0)).toBe(false);
    expect(matchesRule('qtySigned', -2)).toBe(true);
    expect(matchesRule('percent', null)).toBe(false);
  });
});

describe('dates', () => {
  it('accepts every real calendar date written yyyy-MM-dd', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 11, 31) }), (ms) => {
        expect(isCalendarDate(new Date(ms).toISOString().slice(0, 10))).toBe(true);
      }),
    );
  });

  it('refuses a day past the end of its month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2200 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
        const mm = String(month).padStart(2, '0');
        expect(isCalendarDate(`${year}-${mm}-${days}`)).toBe(true);
        expect(isCalendarDate(`${year}-${mm}-${days + 1}`)).toBe(false);
      }),
    );
  });

  it.each(['2024-02-29', '2000-02-29', '0001-01-01'])('accepts %s', (text) => expect(isCalendarDate(text)).toBe(true));
  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-1-1',
    '24-01-01',
    '2024/01/01',
    '0000-01-01',
  ])('refuses %s', (text) => expect(isCalendarDate(text)).toBe(false));
});

describe('checkField', () => {
  const qty: FieldDef = { type: 'decimal', required: true, rule: 'qtyPositive' };

  it('names the rule that was broken, with the field label', () => {
    expect(checkField('tblInvMovementDetail', 'qty', qty, '1.50')).toEqual({
      field: 'qty',
      code: 'fieldQtyPositive',
      params: { field: 'entity.tblInvMovementDetail.field.qty' },
    });
    expect(checkField('x', 'qty', qty, '')?.code).toBe('fieldRequired');
    expect(checkField('x', 'qty', qty, '2.5')).toBeNull();
    expect(checkField('x', 'n', { type: 'int', rule: 'positiveInt' }, '0')?.code).toBe('fieldPositiveInt');
    expect(checkField('x', 'p', { type: 'int', rule: 'percent' }, '101')?.code).toBe('fieldPercent');
    expect(checkField('x', 'q', { type: 'decimal', rule: 'qtySigned' }, '0')?.code).toBe('fieldQtySigned');
    expect(checkField('x', 'q', { type: 'decimal', rule: 'qtyNonNegative' }, '-1')?.code).toBe('fieldQtyNonNegative');
  });

  it('refuses numbers the columns cannot hold and dates that do not exist', () => {
    expect(checkField('x', 'n', { type: 'int' }, '2147483648')?.code).toBe('numberOutOfRange');
    expect(checkField('x', 'n', { type: 'int' }, '-2147483647')).toBeNull();
    expect(checkField('x', 'd', { type: 'decimal' }, '1234567890123456')?.code).toBe('fieldNotNumber');
    expect(checkField('x', 'd', { type: 'decimal' }, '-123456789012345.5')).toBeNull();
    expect(checkField('x', 'd', { type: 'date' }, '2023-02-29')?.code).toBe('fieldNotDate');
    expect(checkField('x', 'd', { type: 'date' }, '2024-02-29')).toBeNull();
  });

  it('refuses arrays, objects and booleans in every field instead of reading them as text', () => {
    const fields: [FieldDef, string][] = [
      [{ type: 'text' }, 'fieldInvalid'],
      [{ type: 'text', max: 10 }, 'fieldInvalid'],
      [{ type: 'int' }, 'fieldNotNumber'],
      [{ type: 'decimal' }, 'fieldNotNumber'],
      [{ type: 'decimal', rule: 'qtyPositive' }, 'fieldNotNumber'],
      [{ type: 'int', rule: 'positiveInt' }, 'fieldNotNumber'],
      [{ type: 'date' }, 'fieldNotDate'],
      [{ type: 'code', codes: ['Y', 'N'] }, 'fieldNotInList'],
    ];
    // Each of these reads as a valid value once turned into text: "5", "Y", "2024-02-29", "true".
    const values = [[5], ['Y'], ['2024-02-29'], [[5]], { value: 5 }, {}, true, false];
    for (const [def, code] of fields)
      for (const value of values)
        expect(checkField('tItemMaster', 'price', def, value), `${def.type} ${JSON.stringify(value)}`).toMatchObject({
          field: 'price',
          code,
          params: { field: 'entity.tItemMaster.field.price' },
        });
    // Strings and JSON numbers stay accepted.
    expect(checkField('x', 'price', { type: 'decimal' }, 5)).toBeNull();
    expect(checkField('x', 'name', { type: 'text' }, 12345)).toBeNull();
  });
});

describe('text length and direction controls', () => {
  it('counts characters as code points, like PostgreSQL varchar(n) and Ajv maxLength', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => textLength(text) === Array.from(text).length));
    expect(textLength('📦'.repeat(50))).toBe(50);
    expect(textLength('\uD800x')).toBe(2); // a lone surrogate is one character too
    expect(checkField('role', 'name', { type: 'text', max: 50 }, '📦'.repeat(50))).toBeNull();
    expect(checkField('role', 'name', { type: 'text', max: 50 }, '📦'.repeat(51))?.code).toBe('fieldTooLong');
    expect(clipText('📦'.repeat(60), 50)).toBe('📦'.repeat(50));
    expect(clipText('abc', 2)).toBe('ab');
  });

  it('refuses each bidirectional control in a text field, naming it, and allows right-to-left letters', () => {
    const controls = [0x61c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
    for (const c of controls) {
      expect(hasDirectionControl(`a${String.fromCodePoint(c)}b`), c.toString(16)).toBe(true);
      expect(checkField('tWhse', 'name', { type: 'text', max: 100 }, `a${String.fromCodePoint(c)}b`)).toEqual({
        field: 'name',
        code: 'fieldDirectionControl',
        params: { field: 'entity.tWhse.field.name' },
      });
    }
    for (const c of [0x200b, 0x200d, 0x2065, 0x206a, 0x2029, 0x202f])
      expect(hasDirectionControl(String.fromCodePoint(c))).toBe(false);
    expect(checkField('tWhse', 'name', { type: 'text', max: 100 }, 'مخزن שלום 仓库')).toBeNull();
  });
});
