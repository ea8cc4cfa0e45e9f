/**
 * The accessibility check of the browser tests (issue 27 item 9): axe-core on the page as it is, keeping the findings of
 * impact critical and serious. A failure names each rule and the elements it found (a colour contrast with its colours
 * and ratio), so the report says what to fix; every screen of a test is checked before it fails (a soft expectation).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The impacts a screen must have none of. */
const BLOCKING = new Set(['critical', 'serious']);

interface ContrastData {
  fgColor?: string;
  bgColor?: string;
  contrastRatio?: number;
}

/** Runs axe on the page and expects no critical or serious finding; `screen` names the page in the failure. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Only violations are read: axe keeps one example node of every other result type (resultTypes), less to collect.
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const blocking = violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const target = node.target.join(' >>> ');
        const contrast = node.any.find((check) => check.id === 'color-contrast')?.data as ContrastData | undefined;
        return contrast ? `${target} (${contrast.fgColor} on ${contrast.bgColor}: ${contrast.contrastRatio})` : target;
      });
      return `${violation.impact} ${violation.id}: ${nodes.join(', ')}`;
    });
  expect.soft(blocking, `axe on ${screen}`).toEqual([]);
}
