import type { Page } from '@playwright/test';

/**
 * The test id of the control holding the focus: the document's focused element (a Shoelace control's host when the
 * focus is in its shadow input), or its nearest ancestor with a test id.
 */
export const focusedTestId = (page: Page): Promise<string | null> =>
  page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? null);
