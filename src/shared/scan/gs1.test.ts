import { describe, expect, it } from 'vitest';
import { gs1CheckDigitOk, gs1Date, gtinForms, parseGs1 } from './gs1';

const GS = '\u001d';
const TODAY = new Date(Date.UTC(2025, 5, 1));
const parse = (text: string) => parseGs1(text, TODAY);

describe('GS1 check digits and dates', () => {
  it('verifies GTIN and SSCC check digits (GS1 General Specifications examples)', () => {
    expect(gs1CheckDigitOk('09501101530003')).toBe(true);
    expect(gs1CheckDigitOk('09501101530004')).toBe(false);
    expect(gs1CheckDigitOk('106141412345678908')).toBe(true);
    expect(gs1CheckDigitOk('4006381333931')).toBe(true);
  });

  it('reads YYMMDD with the century rule and DD 00 as the month’s last day', () => {
    expect(gs1Date('251231', TODAY)).toBe('2025-12-31');
    expect(gs1Date('240200', TODAY)).toBe('2024-02-29');
    expect(gs1Date('230200', TODAY)).toBe('2023-02-28');
    expect(gs1Date('991231', TODAY)).toBe('1999-12-31');
    expect(gs1Date('740101', TODAY)).toBe('2074-01-01');
    expect(gs1Date('251301', TODAY)).toBeNull();
    expect(gs1Date('250231', TODAY)).toBeNull();
  });

  it('gives the GTIN forms an item master may hold', () => {
    expect(gtinForms('04006381333931')).toEqual(['04006381333931', '4006381333931']);
    expect(gtinForms('00012345678905')).toEqual(['00012345678905', '0012345678905', '012345678905']);
  });
});

describe('parseGs1', () => {
  it('reads the human-readable form with parentheses', () => {
    expect(parse('(01)09501101530003(17)260700(10)AB-123')).toEqual({
      ok: true,
      fields: { gtin: '09501101530003', expiry: '2026-07-31', lot: 'AB-123' },
    });
  });

  it('reads a GS1-128 scan with ]C1 prefix and GS after variable fields', () => {
    expect(parse(`]C101095011015300031725123110LOT42${GS}3712${GS}3103001250`)).toEqual({
      ok: true,
      fields: { gtin: '09501101530003', expiry: '2025-12-31', lot: 'LOT42', count: '12', netWeightKg: '1.25' },
    });
  });

  it('reads DataMatrix (]d2) and QR (]Q3) scans, a leading FNC1, serial and dates 11 and 15', () => {
    expect(parse(`]d201095011015300031125011521S123${GS}10B1`)).toEqual({
      ok: true,
      fields: { gtin: '09501101530003', productionDate: '2025-01-15', serial: 'S123', lot: 'B1' },
    });
    expect(parse(`]Q3${GS}0209501101530003152612003724`)).toEqual({
      ok: true,
      fields: { gtin: '09501101530003', bestBefore: '2026-12-31', count: '24' },
    });
  });

  it('reads an SSCC, bare or marked, and a bare GTIN with lot (a scanner that drops the prefix)', () => {
    expect(parse('00106141412345678908')).toEqual({ ok: true, fields: { sscc: '106141412345678908' } });
    expect(parse('(00)106141412345678908')).toEqual({ ok: true, fields: { sscc: '106141412345678908' } });
    expect(parse('010950110153000310L7')).toEqual({ ok: true, fields: { gtin: '09501101530003', lot: 'L7' } });
  });

  it('answers null for a code that is not GS1', () => {
    for (const plain of ['ACME-0001', 'A04-16-1', 'PO00000001', '12', '6912345000017', '0109501101530004', '']) {
      expect(parse(plain), plain).toBeNull();
    }
  });

  it('refuses malformed GS1 with the AI at fault, filling nothing', () => {
    expect(parse('(01)09501101530004')).toEqual({ ok: false, error: 'rf.gs1.badCheckDigit', params: { ai: '01' } });
    expect(parse('(01)0950110153000')).toEqual({ ok: false, error: 'rf.gs1.badLength', params: { ai: '01' } });
    expect(parse('(17)251301')).toEqual({ ok: false, error: 'rf.gs1.badDate', params: { ai: '17' } });
    expect(parse('(99)ABC')).toEqual({ ok: false, error: 'rf.gs1.unknownAi', params: { ai: '99' } });
    expect(parse(`]C10109501101530003991`)).toEqual({ ok: false, error: 'rf.gs1.unknownAi', params: { ai: '991' } });
    expect(parse(`]C1010950110153`)).toEqual({ ok: false, error: 'rf.gs1.badLength', params: { ai: '01' } });
    expect(parse('(37)12A')).toEqual({ ok: false, error: 'rf.gs1.badNumber', params: { ai: '37' } });
    expect(parse('(10)ABCDEFGHIJKLMNOPQRSTU')).toEqual({ ok: false, error: 'rf.gs1.badLength', params: { ai: '10' } });
    expect(parse('(10)A1(10)A2')).toEqual({ ok: false, error: 'rf.gs1.duplicateAi', params: { ai: '10' } });
    expect(parse(']C1')).toEqual({ ok: false, error: 'rf.gs1.empty', params: { ai: '' } });
  });

  it('refuses a lot or serial that runs into another element: its separator (FNC1/GS) was lost (issue 25 item 5)', () => {
    // `10 LOT123 <GS> 17 261231` after a GTIN, the GS lost: not lot LOT12317261231.
    expect(parse('01095011015300031' + '0LOT12317261231')).toEqual({
      ok: false,
      error: 'rf.gs1.missingSeparator',
      params: { ai: '17' },
    });
    expect(parse(']C110LOT12317261231')).toEqual({ ok: false, error: 'rf.gs1.missingSeparator', params: { ai: '17' } });
    expect(parse(`]C121S${'0109501101530003'}10B7`)).toEqual({
      ok: false,
      error: 'rf.gs1.missingSeparator',
      params: { ai: '01' },
    });
    // With the separator kept, the same scan reads as it was printed.
    expect(parse(`0109501101530003${'10LOT123'}${GS}17261231`)).toEqual({
      ok: true,
      fields: { gtin: '09501101530003', lot: 'LOT123', expiry: '2026-12-31' },
    });
    // Ordinary lots with digits stay lots: no fixed element of 6+ digits that reads whole to the end.
    for (const lot of ['LOT2021', 'B1124010', 'AB10CD', 'L17261399', 'X1726123']) {
      expect(parse(`]C110${lot}`), lot).toEqual({ ok: true, fields: { lot } });
    }
    // The human-readable form has explicit separators: nothing to guess.
    expect(parse('(10)LOT12317261231')).toEqual({ ok: true, fields: { lot: 'LOT12317261231' } });
  });
});
