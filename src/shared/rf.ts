/**
 * The wire of the RF (handheld) runtime, `/rfDialog/*` (spec 001 §7 "RF", §9; src/server/modules/rf/README.md).
 * The server keeps the flow state per user; the handheld only shows the dialog it is answered and sends back what
 * the worker typed or scanned, or the function key pressed, with the step number of the dialog it answered.
 */
import type { LanguageCode } from './wire';

/** Function keys of a dialog (spec 001 §9), in the order they are shown. */
export const RF_FUNCTION_KEYS = ['BACK', 'DONE', 'F1', 'F2', 'F3', 'F4'] as const;
export type RfFunctionKey = (typeof RF_FUNCTION_KEYS)[number];
/** What a confirm sends: Enter (the input) or a function key. */
export type RfKey = 'ENTER' | RfFunctionKey;
/** `nextSubProcessName` that leaves the main process (back to the list of flows). */
export const RF_EXIT = 'Exit';
/** Locale ids of the process resources (spec 001 §9): 2052 Chinese, 1033 English. */
export const RF_LOCALE_OF: Record<LanguageCode, '2052' | '1033'> = { zh_cn: '2052', en_us: '1033' };

/** A function key of the current dialog, its text in the user's language. */
export interface RfOption {
  functionKey: RfFunctionKey;
  text: string;
  description: string;
}

/** The dialog the handheld shows. Texts are resolved in the user's language, placeholders filled. */
export interface RfDialog {
  mainProcessName: string;
  subProcessName: string;
  whId: string;
  clientCode: string;
  /** The flow's step number: a confirm names the step it answers; an older one changes nothing. */
  step: number;
  title: string;
  /** Up to five header lines, with the flow's values filled in (empty ones left out). */
  headers: string[];
  prompt: string;
  /** The flow value the input sets; null when the dialog takes no input (the worker only chooses a key). */
  inputField: string | null;
  /** What the input starts with (placeholders filled), '' for none. */
  inputDefault: string;
  /** The dialog offers a list (from `dialogListSourceExecSp`): fetch it with getRfDialogList. */
  hasList: boolean;
  options: RfOption[];
}

/** A line under the dialog: a refusal (the worker stays on the dialog) or what the last step did. */
export interface RfMessage {
  kind: 'error' | 'success';
  text: string;
}

/** Answer of getRfDialogForm and confirmRfDialog. `dialog` null: no flow is running, show the flows to start. */
export interface RfAnswer {
  dialog: RfDialog | null;
  message: RfMessage | null;
}

/** A flow the worker may start. */
export interface RfProcess {
  mainProcessName: string;
  title: string;
}

/** Answer of getRfFunctionProcess: where the worker works, and what. */
export interface RfHome {
  whId: string | null;
  clientCode: string | null;
  forkId: string | null;
  processes: RfProcess[];
  /** The flow the worker was in, to resume. */
  active: RfDialog | null;
}

/** A row of a dialog's list: `value` goes into the input when chosen. */
export interface RfListRow {
  value: string;
  label: string;
  detail: string | null;
}
