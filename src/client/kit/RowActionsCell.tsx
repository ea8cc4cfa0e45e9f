/**
 * The operation column's cell: one small button per row action, disabled without its permission. On a phone the
 * buttons would take most of the screen's width, so they fold into one menu button.
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
  /** Disables the button for some rows (e.g. a task that is no longer new). */
  disabledFor?: (row: Row) => boolean;
  onClick: (row: Row) => void;
}

export interface RowActionsCellParams<Row> {
  actions: readonly RowAction<Row>[];
  /** One menu button instead of a row of buttons (a phone's width). */
  compact?: boolean;
}

/**
 * Width of the operation column (spec 000 §2: 105 px for one button, 195 px for several; a screen's own third button
 * gets room of its own), or of the one menu button.
 */
export function operationColumnWidth(buttons: number, compact = false): number {
  if (compact) return 64;
  if (buttons <= 1) return 105;
  return 195 + Math.max(0, buttons - 2) * 90;
}

/** AG Grid cell renderer; actions arrive through `cellRendererParams`. */
export function RowActionsCell<Row>({ data, actions, compact }: ICellRendererParams<Row> & RowActionsCellParams<Row>) {
  const t = useT();
  if (!data) return null;
  const disabled = (action: RowAction<Row>) => !action.allowed || Boolean(action.disabledFor?.(data));
  if (compact) return <RowActionsMenu row={data} actions={actions} disabled={disabled} />;
  return (
    <div className="wharf-row-actions">
      {actions.map((action) => (
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
    </div>
  );
}

/**
 * The row's actions as one menu button. The menu is put on the page's body, at the button: inside the grid a row is a
 * stacking context of its own, and the next rows would paint over it.
 */
function RowActionsMenu<Row>({
  row,
  actions,
  disabled,
}: {
  row: Row;
  actions: readonly RowAction<Row>[];
  disabled: (action: RowAction<Row>) => boolean;
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
        label={t('kit.table.operation')}
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
