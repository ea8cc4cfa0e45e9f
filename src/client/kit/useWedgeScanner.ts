/**
 * Keyboard-wedge scanning (issue 15 "Scanning"): a hardware scanner types its code as a fast burst of keystrokes
 * ended by Enter or Tab. Timing tells a scan from a person typing; typed input keeps working as usual (Enter
 * confirms what was typed). Shared by the RF dialog and the kiosk screens. The GS1 separator, sent as a key, is typed
 * into the field here (browsers drop it).
 */
import { type KeyboardEvent, useCallback, useRef } from 'react';

/** Timing of the wedge detector. */
export interface WedgeOptions {
  /** Longest pause between two keys of one scan, in ms (scanners send a key every 1–20 ms; people 80 ms or more). */
  maxGapMs: number;
  /**
   * Longest pause between a burst's last key and its Enter/Tab. Looser than `maxGapMs`: the burst itself shows a
   * scanner (nobody types four keys 35 ms apart), and the page may be busy rendering the last key when Enter comes.
   */
  maxEndGapMs: number;
  /** Shortest scan: fewer characters ended by Enter count as typing. */
  minLength: number;
  /** The same text scanned again within this many ms is ignored (a trigger held or pulled twice). */
  duplicateMs: number;
}

export const WEDGE_DEFAULTS: WedgeOptions = { maxGapMs: 35, maxEndGapMs: 150, minLength: 4, duplicateMs: 800 };

/** What one key means: nothing yet, the end of a scan, a repeated scan to ignore, or Enter/Tab after typing. */
export type WedgeResult =
  | { kind: 'key' }
  | { kind: 'scan'; text: string }
  | { kind: 'duplicate'; text: string }
  | { kind: 'typed'; terminator: 'Enter' | 'Tab' };

/**
 * The timing logic, free of the DOM: feed every keydown's `key` with its time; Enter or Tab closes a burst.
 * A burst is a run of printable keys each at most `maxGapMs` after the previous one; a slower key starts a new run,
 * so characters a person typed before the scanner fired are not part of the scan.
 */
export class WedgeDetector {
  private readonly options: WedgeOptions;
  private buffer = '';
  private lastKeyAt = Number.NEGATIVE_INFINITY;
  private lastScan: { text: string; at: number } | null = null;

  constructor(options: Partial<WedgeOptions> = {}) {
    this.options = { ...WEDGE_DEFAULTS, ...options };
  }

  /** The characters of the burst under way ('' for none). */
  get pending(): string {
    return this.buffer;
  }

  /** One keydown at time `at` (ms, any monotonic clock). */
  key(key: string, at: number): WedgeResult {
    const { maxGapMs, maxEndGapMs, minLength, duplicateMs } = this.options;
    const inBurst = at - this.lastKeyAt <= maxGapMs;
    if (key === 'Enter' || key === 'Tab') {
      const text = this.buffer;
      const ended = at - this.lastKeyAt <= maxEndGapMs;
      this.reset();
      if (!ended || text.length < minLength) {
        // Enter confirms what a person typed: an entry between two scans of one code makes the second deliberate.
        if (key === 'Enter') this.lastScan = null;
        return { kind: 'typed', terminator: key };
      }
      const repeated = this.lastScan !== null && this.lastScan.text === text && at - this.lastScan.at <= duplicateMs;
      this.lastScan = { text, at };
      return repeated ? { kind: 'duplicate', text } : { kind: 'scan', text };
    }
    if (key.length !== 1) {
      // Shift (scanners press it for capitals) and other modifiers neither add nor break a burst; editing keys do.
      if (key !== 'Shift' && key !== 'Control' && key !== 'Alt' && key !== 'AltGraph') this.reset();
      return { kind: 'key' };
    }
    this.buffer = inBurst ? this.buffer + key : key;
    this.lastKeyAt = at;
    return { kind: 'key' };
  }

  /** Forgets the burst under way (not the last scan: a duplicate is still recognised). */
  reset(): void {
    this.buffer = '';
    this.lastKeyAt = Number.NEGATIVE_INFINITY;
  }
}

/**
 * The GS1 group separator (GS, 0x1D): FNC1 inside a GS1 code, ending a variable-length element such as a lot. A wedge
 * scanner sends it as a key of its own, which browsers never type into a field (issue 25 item 5): every scan input
 * puts it in at keydown.
 */
export const GROUP_SEPARATOR = '\u001d';

/** Whether a keydown is the separator sent as a key: the GS character itself, or Ctrl+] (its ASCII control key). */
export function isGroupSeparatorKey(event: {
  key: string;
  code?: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}): boolean {
  if (event.key === GROUP_SEPARATOR) return true;
  return event.ctrlKey && !event.altKey && !event.metaKey && (event.key === ']' || event.code === 'BracketRight');
}

/** Types the separator at the caret of `field` (over its selection, within its maxlength) and fires `input`. */
export function insertGroupSeparator(field: HTMLInputElement): void {
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  if (field.maxLength >= 0 && field.value.length - (end - start) >= field.maxLength) return;
  field.setRangeText(GROUP_SEPARATOR, start, end, 'end');
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** What the hook reports. */
export interface WedgeHandlers {
  /**
   * A scan: `text` is what the field holds, as the browser typed the burst into it (over the selected text). Not the
   * detector's burst: a busy page can delay a scan's first keys past the gap, and the burst would then lose them.
   */
  onScan: (text: string) => void;
  /** Enter after typing: confirm what the field holds. */
  onEnter: () => void;
  /** A repeated scan was ignored; `before` is what the field held before the burst (to put back). */
  onDuplicate?: (text: string, before: string) => void;
}

/**
 * Keyboard-wedge input on one text field: spread the returned `onKeyDown` on the `<input>`. Enter and a scan's Tab
 * are taken (the field keeps the focus, so the scanner can fire again at once); a typed Tab moves on as usual.
 */
export function useWedgeScanner(handlers: WedgeHandlers, options?: Partial<WedgeOptions>) {
  const detector = useRef<WedgeDetector | null>(null);
  detector.current ??= new WedgeDetector(options);
  const before = useRef('');
  const latest = useRef(handlers);
  latest.current = handlers;

  return useCallback((event: KeyboardEvent<HTMLInputElement>) => {
    const wedge = detector.current;
    if (!wedge || event.nativeEvent.isComposing) return;
    if (isGroupSeparatorKey(event)) {
      // Kept in the field and in the burst, where the browser would have dropped it.
      event.preventDefault();
      wedge.key(GROUP_SEPARATOR, event.timeStamp);
      if (wedge.pending.length === 1) before.current = event.currentTarget.value;
      insertGroupSeparator(event.currentTarget);
      return;
    }
    // The event's own time stamp: when the key arrived, not when a busy page got round to handling it.
    const result = wedge.key(event.key, event.timeStamp);
    if (event.key.length === 1 && wedge.pending.length === 1) {
      // A new burst starts with this key; at keydown the field does not hold it yet: that is the "before".
      before.current = event.currentTarget.value;
    }
    switch (result.kind) {
      case 'key':
        return;
      case 'scan':
        event.preventDefault();
        latest.current.onScan(event.currentTarget.value);
        return;
      case 'duplicate':
        event.preventDefault();
        latest.current.onDuplicate?.(result.text, before.current);
        return;
      case 'typed':
        if (result.terminator === 'Enter') {
          event.preventDefault();
          latest.current.onEnter();
        }
        return;
    }
  }, []);
}
