/** The operation column's cell: one small button per row action, disabled without its permission. */
import type { ICellRendererParams } from './grid';
import { useT } from './i18n';
import { SlButton } from './sl';

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
}

/** AG Grid cell renderer; actions arrive through `cellRendererParams`. */
export function RowActionsCell<Row>({ data, actions }: ICellRendererParams<Row> & RowActionsCellParams<Row>) {
  const t = useT();
  if (!data) return null;
  return (
    <div className="wharf-row-actions">
      {actions.map((action) => (
        <SlButton
          key={action.key}
          size="small"
          variant={action.danger ? 'danger' : 'primary'}
          outline
          disabled={!action.allowed || Boolean(action.disabledFor?.(data))}
          data-testid={`row-${action.key}`}
          onClick={() => action.onClick(data)}
        >
          {t(action.labelKey)}
        </SlButton>
      ))}
    </div>
  );
}
