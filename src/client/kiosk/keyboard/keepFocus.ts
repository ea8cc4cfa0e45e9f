import type { MouseEvent } from 'react';

/**
 * A key of the station's keyboard pressed leaves the focus where it was: the field typed into keeps it (its caret and
 * ring show where the keys type), no key stays lit, and the sign-in's hidden badge field keeps the scanner's input.
 */
export const keepFocus = (event: MouseEvent) => event.preventDefault();
