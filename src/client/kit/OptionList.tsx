/**
 * The list of options under a search field (`LookupSearch`: codes of a lookup; `ChoiceInput`: known values): one
 * `role="option"` per item under a `role="listbox"` (test id `<testId>-options`), the active one highlighted, chosen on
 * mousedown so that the field keeps its focus until the choice is made.
 */
import type { ReactNode } from 'react';
import { SlPopup } from './sl';

export interface OptionListProps<Item> {
  items: readonly Item[];
  keyOf: (item: Item) => string;
  labelOf: (item: Item) => ReactNode;
  active: number;
  onActive: (index: number) => void;
  onChoose: (item: Item) => void;
  testId?: string;
  label?: string;
  /** Below the options (e.g. "no match"). */
  children?: ReactNode;
}

export function OptionList<Item>({
  items,
  keyOf,
  labelOf,
  active,
  onActive,
  onChoose,
  testId,
  label,
  children,
}: OptionListProps<Item>) {
  return (
    <div className="wharf-lookup__list" role="listbox" aria-label={label} data-testid={testId ? `${testId}-options` : undefined}>
      {items.map((item, i) => (
        <div
          key={keyOf(item)}
          role="option"
          aria-selected={i === active}
          tabIndex={-1}
          className={`wharf-lookup__option${i === active ? ' wharf-lookup__option--active' : ''}`}
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(item);
          }}
          onMouseEnter={() => onActive(i)}
        >
          {labelOf(item)}
        </div>
      ))}
      {children}
    </div>
  );
}

/**
 * The field and its options as one combobox: the field (slot "anchor") with the list in a popup under it, as wide as
 * the field, turned up where there is no room below, fixed so that a dialog's scrolling box does not clip it.
 */
export function LookupPopup({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <div className="wharf-lookup">
      <SlPopup
        active={open}
        placement="bottom-start"
        strategy="fixed"
        sync="width"
        distance={2}
        flip
        className="wharf-lookup__popup"
      >
        {children}
      </SlPopup>
    </div>
  );
}
