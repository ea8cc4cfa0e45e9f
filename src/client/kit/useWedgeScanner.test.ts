import { describe, expect, it } from 'vitest';
import { GROUP_SEPARATOR, isGroupSeparatorKey, WEDGE_DEFAULTS, WedgeDetector, type WedgeResult } from './useWedgeScanner';

/** Feeds `text` one key every `gap` ms from `start`, then `end` after `endGap` ms; answers the last result. */
function feed(detector: WedgeDetector, text: string, start: number, gap: number, end = 'Enter', endGap = gap) {
  let at = start;
  for (const key of text) {
    detector.key(key, at);
    at += gap;
  }
  const result: WedgeResult = detector.key(end, at - gap + endGap);
  return { result, at: at - gap + endGap };
}

describe('keyboard-wedge detector', () => {
  it('takes a fast burst ended by Enter as one scan', () => {
    expect(feed(new WedgeDetector(), 'PO-000123', 1000, 8).result).toEqual({ kind: 'scan', text: 'PO-000123' });
  });

  it('takes a burst ended by Tab as a scan too', () => {
    expect(feed(new WedgeDetector(), 'LOC-A-01', 0, 5, 'Tab').result).toEqual({ kind: 'scan', text: 'LOC-A-01' });
  });

  it('treats slow keys (a person typing) as typing: Enter confirms what was typed', () => {
    expect(feed(new WedgeDetector(), 'PO-000123', 0, 120).result).toEqual({ kind: 'typed', terminator: 'Enter' });
  });

  it('treats a fast burst shorter than the minimum length as typing', () => {
    expect(feed(new WedgeDetector(), '12', 0, 5).result).toEqual({ kind: 'typed', terminator: 'Enter' });
    expect(feed(new WedgeDetector({ minLength: 2 }), '12', 0, 5).result).toEqual({ kind: 'scan', text: '12' });
  });

  it('keeps what a person typed before the scanner fired out of the scan', () => {
    const detector = new WedgeDetector();
    detector.key('9', 0);
    detector.key('9', 150);
    expect(feed(detector, 'ITEM-42', 400, 6).result).toEqual({ kind: 'scan', text: 'ITEM-42' });
  });

  it('counts Enter long after a fast burst as typing (the person pressed it), a slightly late one as the scan’s', () => {
    expect(feed(new WedgeDetector(), 'ITEM-42', 0, 6, 'Enter', 500).result).toEqual({ kind: 'typed', terminator: 'Enter' });
    expect(feed(new WedgeDetector(), 'ITEM-42', 0, 6, 'Enter', 90).result).toEqual({ kind: 'scan', text: 'ITEM-42' });
    expect(feed(new WedgeDetector({ maxEndGapMs: 60 }), 'ITEM-42', 0, 6, 'Enter', 90).result.kind).toBe('typed');
  });

  it('honours a configured gap', () => {
    expect(feed(new WedgeDetector(), 'ITEM-42', 0, 50).result.kind).toBe('typed');
    expect(feed(new WedgeDetector({ maxGapMs: 60 }), 'ITEM-42', 0, 50).result).toEqual({ kind: 'scan', text: 'ITEM-42' });
  });

  it('ignores the same scan repeated within the duplicate window, not after it', () => {
    const detector = new WedgeDetector();
    const first = feed(detector, 'SKU-0001', 0, 5);
    expect(first.result.kind).toBe('scan');
    const second = feed(detector, 'SKU-0001', first.at + 200, 5);
    expect(second.result).toEqual({ kind: 'duplicate', text: 'SKU-0001' });
    // The window runs from the last scan: a third one 900 ms after the second is taken.
    expect(feed(detector, 'SKU-0001', second.at + 900, 5).result).toEqual({ kind: 'scan', text: 'SKU-0001' });
  });

  it('takes a scan repeated after an entry a person typed and confirmed in between, however soon', () => {
    const detector = new WedgeDetector();
    const first = feed(detector, 'CT00000004', 0, 5);
    // Typed (keys 40 ms apart: not a scanner's), confirmed by Enter, all within the window: the kiosk processes it.
    const typed = feed(detector, 'CT-NOT-OURS-9', first.at + 20, 40);
    expect(typed.at - first.at).toBeLessThan(WEDGE_DEFAULTS.duplicateMs);
    expect(typed.result).toEqual({ kind: 'typed', terminator: 'Enter' });
    expect(feed(detector, 'CT00000004', typed.at + 20, 5).result).toEqual({ kind: 'scan', text: 'CT00000004' });
  });

  it('takes a different code at once, and honours a configured duplicate window', () => {
    const detector = new WedgeDetector({ duplicateMs: 100 });
    const first = feed(detector, 'SKU-0001', 0, 5);
    expect(feed(detector, 'SKU-0002', first.at + 50, 5).result).toEqual({ kind: 'scan', text: 'SKU-0002' });
    expect(feed(detector, 'SKU-0002', first.at + 400, 5).result.kind).toBe('scan');
  });

  it('lets Shift pass inside a burst (capitals) but breaks it on an editing key', () => {
    const detector = new WedgeDetector();
    const keys = (list: string[], from: number) => {
      for (const [i, key] of list.entries()) detector.key(key, from + 4 * i);
    };
    keys(['Shift', 'A', 'Shift', 'B', 'C', 'D'], 0);
    expect(detector.key('Enter', 24)).toEqual({ kind: 'scan', text: 'ABCD' });
    keys(['A', 'B', 'Backspace', 'C', 'D'], 2000);
    expect(detector.key('Enter', 2020)).toEqual({ kind: 'typed', terminator: 'Enter' });
  });

  it('forgets the burst after each Enter', () => {
    const detector = new WedgeDetector();
    const first = feed(detector, 'AAAA', 0, 5);
    expect(detector.pending).toBe('');
    expect(detector.key('Enter', first.at + 5)).toEqual({ kind: 'typed', terminator: 'Enter' });
  });
});

describe('the GS1 separator sent as a key (issue 25 item 5)', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {}, code = '') => ({
    key: k,
    code,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    ...mods,
  });

  it('is the GS character or Ctrl+], nothing else', () => {
    expect(isGroupSeparatorKey(key(GROUP_SEPARATOR))).toBe(true);
    expect(isGroupSeparatorKey(key(']', { ctrlKey: true }, 'BracketRight'))).toBe(true);
    expect(isGroupSeparatorKey(key('+', { ctrlKey: true }, 'BracketRight'))).toBe(true);
    expect(isGroupSeparatorKey(key(']', {}, 'BracketRight'))).toBe(false);
    expect(isGroupSeparatorKey(key(']', { ctrlKey: true, altKey: true }, 'BracketRight'))).toBe(false);
    expect(isGroupSeparatorKey(key('a', { ctrlKey: true }, 'KeyA'))).toBe(false);
  });

  it('counts in the burst: the scan keeps it', () => {
    expect(feed(new WedgeDetector(), `10LOT123${GROUP_SEPARATOR}17261231`, 0, 4).result).toEqual({
      kind: 'scan',
      text: `10LOT123${GROUP_SEPARATOR}17261231`,
    });
  });
});
