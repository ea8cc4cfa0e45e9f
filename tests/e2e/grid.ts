/**
 * Reading AG Grid tables in browser tests. A grid renders one element per row and column container (pinned left,
 * centre, pinned right), so a row is all the elements of one `row-index`. `scope` is the element holding the table:
 * an entity list (`[data-entity=…]`) or a desk table (`deskTable`).
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** A table of a desk screen by its id (`data-table-id`). */
export const deskTable = (page: Page, id: string) => page.locator(`[data-table-id="${id}"]`);

/** The row elements of a table holding `text` (a row may be several elements: see above). */
export const rowsWith = (scope: Locator, text: string) => scope.locator('[role="row"][row-index]').filter({ hasText: text });

/** One cell of a grid row. */
export const gridCell = (scope: Locator, rowIndex: number, column: string) =>
  scope.locator(`[role="row"][row-index="${rowIndex}"] [col-id="${column}"]`).first();

/**
 * A row action (`row-<action>`) of a row (its elements, e.g. `rows(page, entity).filter(…)`), as a user reaches it: its
 * button, or — folded into the row's menu (more actions than a row shows, or a phone: RowActionsCell) — the menu
 * opened and its item. Click it, or read its `disabled`.
 */
export async function rowButton(row: Locator, action: string): Promise<Locator> {
  const button = row.getByTestId(`row-${action}`);
  const menu = row.getByTestId('row-menu');
  await expect(button.or(menu).first()).toBeVisible();
  if (await button.count()) return button.first();
  // A menu left open belongs to another row (or this one): closed first, so the item found is this row's.
  const open = row.page().locator('.wharf-row-menu');
  if (await open.count()) await row.page().keyboard.press('Escape');
  await expect(open).toHaveCount(0);
  const item = open.getByTestId(`row-${action}`);
  await expect(async () => {
    if (!(await item.isVisible())) await menu.first().click();
    await expect(item).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  return item;
}

/** A row action of one row by its index (see rowButton). */
export const rowAction = (scope: Locator, rowIndex: number, action: string): Promise<Locator> =>
  rowButton(scope.locator(`[role="row"][row-index="${rowIndex}"]`), action);

/** A cell's text, trimmed. */
export const readCell = async (cell: Locator): Promise<string> => ((await cell.textContent()) ?? '').trim();

/** The texts of one column, in row order. */
export async function columnTexts(scope: Locator, column: string): Promise<string[]> {
  return (await scope.locator(`[role="row"][row-index] [col-id="${column}"]`).allTextContents()).map((s) => s.trim());
}

/** The indexes of the rows holding `text`. */
export async function rowIndexesWith(scope: Locator, text: string): Promise<number[]> {
  const found = await rowsWith(scope, text).all();
  const indexes = await Promise.all(found.map(async (row) => Number(await row.getAttribute('row-index'))));
  return [...new Set(indexes)];
}

/**
 * Of the rows holding `text`, the index of the first whose `column` reads `value` (any, without a column). Looked for
 * again until it shows (up to the expect timeout): after a save the list reloads and its rows move.
 */
export async function rowWhere(scope: Locator, text: string, column?: string, value?: string): Promise<number> {
  let found = -1;
  await expect(async () => {
    found = -1;
    for (const index of await rowIndexesWith(scope, text)) {
      if (!column || (await readCell(gridCell(scope, index, column))) === value) {
        found = index;
        break;
      }
    }
    expect(found, `no row holding ${text}${column ? ` with ${column} = ${value}` : ''}`).toBeGreaterThanOrEqual(0);
  }).toPass({ timeout: 10_000 });
  return found;
}
/** The cell texts of one column for the rows holding `text`, sorted. */
export async function cellsWith(scope: Locator, text: string, column: string): Promise<string[]> {
  const texts: string[] = [];
  for (const index of await rowIndexesWith(scope, text)) texts.push(await readCell(gridCell(scope, index, column)));
  return texts.sort();
}

/** Clicks a row action of the first row holding `text` (whose `column` reads `value`, when given). */
export async function clickRowAction(
  scope: Locator,
  text: string,
  action: string,
  column?: string,
  value?: string,
): Promise<void> {
  await (await rowAction(scope, await rowWhere(scope, text, column, value), action)).click();
}

/** Scrolls the grid sideways until a cell of `column` is on screen (a wide table puts its last columns off screen). */
/** Scrolls a grid back to its left edge (the first columns render again; showColumn then scrolls on to the right). */
export async function scrollToStart(scope: Locator): Promise<void> {
  await scope
    .locator('.ag-body-horizontal-scroll-viewport')
    .first()
    .evaluate((bar) => {
      bar.scrollLeft = 0;
    });
}

export async function showColumn(scope: Locator, rowIndex: number, column: string): Promise<void> {
  const cell = gridCell(scope, rowIndex, column);
  await expect(async () => {
    // The grid renders only the columns near the view: scroll its horizontal bar until the cell shows.
    if (!(await cell.count())) {
      await scope
        .locator('.ag-body-horizontal-scroll-viewport')
        .first()
        .evaluate((bar) => {
          // Towards the end; from the end, back to the start (the column may lie left of where the grid was left).
          const end = bar.scrollWidth - bar.clientWidth;
          bar.scrollLeft = bar.scrollLeft >= end - 1 ? 0 : bar.scrollLeft + bar.clientWidth / 2;
        });
    }
    await cell.scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(cell).toBeInViewport({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}
