/** Column chooser dialog: tick columns, edit each label and minimum width (spec 000 §2 "Generic data table"). */
import type SlCheckboxElement from '@shoelace-style/shoelace/dist/components/checkbox/checkbox.component.js';
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { useEffect, useRef, useState } from 'react';
import { useT } from './i18n';
import { ModalDialog } from './ModalDialog';
import { SlButton, SlCheckbox, SlInput } from './sl';
import { clampWidth, type EffectiveColumn } from './tableState';

export interface ColumnChooserProps {
  open: boolean;
  /** The columns as they are now (user settings applied). */
  columns: readonly EffectiveColumn[];
  /** The translated default label of a column, shown as placeholder and used when the label is cleared. */
  defaultLabel: (field: string) => string;
  onApply: (columns: EffectiveColumn[]) => void;
  onReset: () => void;
  onClose: () => void;
}

/** Edits a draft of the columns; nothing changes until OK. */
export function ColumnChooser({ open, columns, defaultLabel, onApply, onReset, onClose }: ColumnChooserProps) {
  const t = useT();
  const [draft, setDraft] = useState<EffectiveColumn[]>([]);

  // Take a fresh draft each time the dialog opens, and only then: the parent re-renders while it is open.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) setDraft(columns.map((c) => ({ ...c, label: c.label ?? defaultLabel(c.field) })));
    wasOpen.current = open;
  }, [open, columns, defaultLabel]);

  const update = (field: string, change: Partial<EffectiveColumn>) =>
    setDraft((d) => d.map((c) => (c.field === field ? { ...c, ...change } : c)));

  const visibleCount = draft.filter((c) => c.visible).length;

  return (
    <ModalDialog open={open} label={t('kit.columns.title')} className="wharf-column-chooser" onClose={onClose}>
      <table className="wharf-column-chooser__table">
        <thead>
          <tr>
            <th>{t('kit.columns.show')}</th>
            <th>{t('kit.columns.label')}</th>
            <th>{t('kit.columns.minWidth')}</th>
          </tr>
        </thead>
        <tbody>
          {draft.map((column) => (
            <tr key={column.field} data-testid={`column-${column.field}`}>
              <td>
                <SlCheckbox
                  checked={column.visible}
                  // At least one data column stays visible, or the table would be an empty frame.
                  disabled={column.visible && visibleCount <= 1}
                  aria-label={defaultLabel(column.field)}
                  onSlChange={(event) => update(column.field, { visible: (event.target as SlCheckboxElement).checked })}
                />
              </td>
              <td>
                <SlInput
                  size="small"
                  value={column.label ?? ''}
                  placeholder={defaultLabel(column.field)}
                  maxlength={40}
                  onSlInput={(event) => update(column.field, { label: (event.target as SlInputElement).value })}
                />
              </td>
              <td>
                <SlInput
                  size="small"
                  type="number"
                  min={40}
                  max={1000}
                  step={10}
                  value={String(column.minWidth)}
                  onSlChange={(event) =>
                    update(column.field, { minWidth: clampWidth(Number((event.target as SlInputElement).value)) })
                  }
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <SlButton slot="footer" className="wharf-column-chooser__reset" data-testid="columns-reset" onClick={onReset}>
        {t('kit.columns.reset')}
      </SlButton>
      <SlButton slot="footer" data-testid="columns-cancel" onClick={onClose}>
        {t('kit.action.cancel')}
      </SlButton>
      <SlButton
        slot="footer"
        variant="primary"
        data-testid="columns-ok"
        onClick={() => onApply(draft.map((c) => ({ ...c, label: c.label?.trim() || null, minWidth: clampWidth(c.minWidth) })))}
      >
        {t('kit.action.ok')}
      </SlButton>
    </ModalDialog>
  );
}
