/**
 * The station's lock-down while a kiosk screen shows (issue 16 "Locked down", issue 25 item 9): no context menu, no
 * pinch or ctrl+wheel zoom, no browser keys, no mouse back/forward buttons, and full screen on the first touch (the
 * launcher starts Chromium in kiosk mode anyway; this covers a station opened in a plain window). What a page cannot
 * block (Ctrl+N/T/W, Ctrl+Shift+N/T/W/Q, Ctrl+Tab, Alt+F4, Ctrl+Alt+F1–F12, Escape leaving full screen) is the
 * deployment's: kiosk/README.md.
 */
import { useEffect } from 'react';
import { isGroupSeparatorKey } from '../kit/useWedgeScanner';

/** Ctrl combinations a station keeps in a text field: select all, copy, cut, paste, undo, redo, moving by word. */
const CTRL_KEEPS = new Set(['a', 'c', 'v', 'x', 'z', 'y', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);
/** With Shift as well: redo and selecting by word. */
const CTRL_SHIFT_KEEPS = new Set(['z', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);
const MODIFIERS = new Set(['Control', 'Shift', 'Alt', 'AltGraph', 'Meta', 'OS']);

export interface KeyFacts {
  key: string;
  code?: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/**
 * Whether the station refuses a key's browser action: F1–F24 (help, find, reload, address bar, caret browsing, menu,
 * full screen, developer tools); every Alt combination (Alt+←/→ history, Alt+Home home page, Alt+D/E/F menus and
 * address bar); every ⌘/Super combination; Ctrl combinations other than text editing (Ctrl+F/H/J/N/T/L/R/U/P/S/O/D/G/K,
 * zoom keys; Ctrl+Shift+I/J/C/Delete/B/O…; outside a text field every one) — except Ctrl+], the GS1 separator a wedge
 * scanner sends (useWedgeScanner); Backspace outside a text field. Typing (letters, digits, Shift for capitals, Enter, Tab, editing keys in a field,
 * AltGr characters) goes through.
 */
export function blockedKey(event: KeyFacts, inField: boolean): boolean {
  if (MODIFIERS.has(event.key)) return false;
  if (/^F\d{1,2}$/.test(event.key)) return true;
  if (event.metaKey) return true;
  // AltGr arrives as Ctrl+Alt on some systems: the characters it types are kept.
  if (event.altKey && !event.ctrlKey) return true;
  if (event.ctrlKey && !event.altKey) {
    if (isGroupSeparatorKey(event)) return false;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    return !(inField && (event.shiftKey ? CTRL_SHIFT_KEEPS : CTRL_KEEPS).has(key));
  }
  return event.key === 'Backspace' && !inField;
}

/** A field the worker types into (its editing keys are its own). */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return !target.readOnly;
  return (
    target instanceof HTMLInputElement && !target.readOnly && !['button', 'checkbox', 'radio', 'submit'].includes(target.type)
  );
}

/** The mouse's back and forward buttons (3, 4): no history navigation. */
const HISTORY_BUTTONS = new Set([3, 4]);

export function useLockdown(): void {
  useEffect(() => {
    const block = (event: Event) => event.preventDefault();
    const wheel = (event: WheelEvent) => {
      if (event.ctrlKey) event.preventDefault();
    };
    const keys = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      if (blockedKey(event, isTextField(event.target))) event.preventDefault();
    };
    const historyButtons = (event: MouseEvent) => {
      if (HISTORY_BUTTONS.has(event.button)) event.preventDefault();
    };
    const pinch = (event: TouchEvent) => {
      if (event.touches.length > 1) event.preventDefault();
    };
    const fullScreen = () => {
      // Browser tests drive a fixed viewport; a real station goes full screen on its first touch.
      if (navigator.webdriver || document.fullscreenElement) return;
      document.documentElement.requestFullscreen?.().catch(() => undefined);
    };
    const mouse = ['mousedown', 'mouseup', 'auxclick'] as const;
    document.addEventListener('contextmenu', block);
    document.addEventListener('gesturestart', block);
    document.addEventListener('wheel', wheel, { passive: false });
    document.addEventListener('touchmove', pinch, { passive: false });
    // Capture, at the window: before any screen's own handler, which cannot then let a browser key through.
    window.addEventListener('keydown', keys, { capture: true });
    for (const type of mouse) window.addEventListener(type, historyButtons, { capture: true });
    document.addEventListener('pointerdown', fullScreen);
    document.documentElement.classList.add('kiosk-locked');
    return () => {
      document.removeEventListener('contextmenu', block);
      document.removeEventListener('gesturestart', block);
      document.removeEventListener('wheel', wheel);
      document.removeEventListener('touchmove', pinch);
      window.removeEventListener('keydown', keys, { capture: true });
      for (const type of mouse) window.removeEventListener(type, historyButtons, { capture: true });
      document.removeEventListener('pointerdown', fullScreen);
      document.documentElement.classList.remove('kiosk-locked');
    };
  }, []);
}
