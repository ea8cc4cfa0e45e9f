/**
 * The wire of the RF configuration screens' own calls (spec 001 §7 "RF"; src/server/modules/rf/README.md
 * "Configuration"): the name lists that fill their choice lists.
 */

/** Resource types of the process resources (spec 001 §9). */
export const RF_RESOURCE_TYPES = ['title', 'header', 'prompt', 'option'] as const;
export type RfResourceType = (typeof RF_RESOURCE_TYPES)[number];

/** A process resource name of one type, with its text in the user's language (else the other one's). */
export interface RfResourceName {
  name: string;
  text: string;
}

/** `nextSubProcessName` that leaves the main process; the choice list offers it before the sub-process names. */
export const RF_EXIT_CHOICE = 'Exit';

/** Any value of a filter (spec 001 §9). */
export const RF_ANY = '%';
