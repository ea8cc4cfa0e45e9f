/**
 * The operation column's cell: one small button per row action, disabled without its permission. More actions than
 * `MAX_ROW_BUTTONS` fold: the primary one stays a button and the others go into the row's menu ("more"), so a list
 * keeps its width for data (issue 27.8: the PO list's six buttons left five data columns at 1440 px). On a phone the
 * buttons would take most of the screen's width, so they all fold into the menu.
 */

import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ICellRendererParams } from './grid';
import { useT } from './i18n';
import { SlButton, SlIconButton, SlMenu, SlMenuItem } from './sl';

/** A button in the operation column (edit, delete, or a screen's own action). */
export interface RowAction<Row> {
  /** Stable id; the button's test id is `row-<key>`. */
  key: string;
  /** Locale key of the button text. */
  labelKey: string;
  /** Whether the user holds the permission; without it the button stays visible but disabled. */
  allowed: boolean;
  danger?: boolean;
  /** The action that stays a button when the others fold into the row's menu (the first action when none is). */
  primary?: boolean;
  /** Disables the button for some rows (e.g. a task that is no longer new). */
  disabledFor?: (row: Row) => boolean;
  onClick: (row: Row) => void;
}

export interface RowActionsCellParams<Row> {
  actions: readonly RowAction<Row>[];
  /** One menu button instead of a row of buttons (a phone's width). */
  compact?: boolean;
}

/** A row shows up to this many action buttons; more fold into one primary button and the row's menu. */
export const MAX_ROW_BUTTONS = 3;

/** Which actions a row shows as buttons and which in its menu (all of them on a phone). */
export function foldRowActions<Row>(
  actions: readonly RowAction<Row>[],
  compact = false,
): { buttons: readonly RowAction<Row>[]; menu: readonly RowAction<Row>[] } {
  if (compact) return { buttons: [], menu: actions };
  if (actions.length <= MAX_ROW_BUTTONS) return { buttons: actions, menu: [] };
  const primary = actions.find((action) => action.primary) ?? actions[0];
  return { buttons: primary ? [primary] : [], menu: actions.filter((action) => action !== primary) };
}

/** Width of the row's menu button, with the gap before it. */
const MENU_BUTTON_WIDTH = 40;

/**
 * Width of the operation column (spec 000 §2: 105 px for one button, 195 px for several; a screen's own third button
 * gets room of its own), with the menu button when actions fold, or the menu button alone on a phone.
 */
export function operationColumnWidth(actions: number, compact = false): number {
  if (compact) return 64;
  if (actions <= 1) return 105;
  if (actions > MAX_ROW_BUTTONS) return 105 + MENU_BUTTON_WIDTH;
  return 195 + Math.max(0, actions - 2) * 90;
}

/** AG Grid cell renderer; actions arrive through `cellRendererParams`. */
export function RowActionsCell<Row>({ data, actions, compact }: ICellRendererParams<Row> & RowActionsCellParams<Row>) {
  const t = useT();
  if (!data) return null;
  const disabled = (action: RowAction<Row>) => !action.allowed || Boolean(action.disabledFor?.(data));
  const { buttons, menu } = foldRowActions(actions, compact);
  return (
    <div className="wharf-row-actions">
      {buttons.map((action) => (
        <SlButton
          key={action.key}
          size="small"
          variant={action.danger ? 'danger' : 'primary'}
          outline
          disabled={disabled(action)}
          data-testid={`row-${action.key}`}
          onClick={() => action.onClick(data)}
        >
          {t(action.labelKey)}
        </SlButton>
      ))}
      {menu.length > 0 ? (
        <RowActionsMenu
          row={data}
          actions={menu}
          disabled={disabled}
          label={t(compact ? 'kit.table.operation' : 'kit.table.moreActions')}
        />
      ) : null}
    </div>
  );
}

/**
 * The row's folded actions as one menu button. The menu is put on the page's body, at the button: inside the grid a row
 * is a stacking context of its own, and the next rows would paint over it (which is also why it is not an sl-dropdown:
 * its panel would stay inside the row). Opened, the menu takes the focus (arrow keys move in it, Escape closes it).
 */
function RowActionsMenu<Row>({
  row,
  actions,
  disabled,
  label,
}: {
  row: Row;
  actions: readonly RowAction<Row>[];
  disabled: (action: RowAction<Row>) => boolean;
  label: string;
}) {
  const t = useT();
  const [at, setAt] = useState<{ top: number; right: number } | null>(null);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!at) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event instanceof PointerEvent && menu.current && event.composedPath().includes(menu.current)) return;
      setAt(null);
    };
    // Into the menu, for the keyboard (without scrolling: a scroll closes it, below).
    menu.current?.querySelector<HTMLElement>('sl-menu-item:not([disabled])')?.focus({ preventScroll: true });
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    // The grid scrolling away from the button closes the menu rather than leaving it floating.
    document.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
      document.removeEventListener('scroll', close, true);
    };
  }, [at]);
  return (
    <>
      <SlIconButton
        name="three-dots-vertical"
        label={label}
        data-testid="row-menu"
        onClick={(event) => {
          const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
          setAt(at ? null : { top: box.bottom + 2, right: window.innerWidth - box.right });
        }}
      />
      {at
        ? createPortal(
            <div ref={menu} className="wharf-row-menu" style={{ top: at.top, right: at.right }}>
              <SlMenu>
                {actions.map((action) => (
                  <SlMenuItem
                    key={action.key}
                    className={action.danger ? 'wharf-row-menu__danger' : undefined}
                    disabled={disabled(action)}
                    data-testid={`row-${action.key}`}
                    onClick={() => {
                      if (disabled(action)) return;
                      setAt(null);
                      action.onClick(row);
                    }}
                  >
                    {t(action.labelKey)}
                  </SlMenuItem>
                ))}
              </SlMenu>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
