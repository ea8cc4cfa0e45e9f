/**
 * A list's filter bar (`wharf-filter-bar`): its filters, then Search and Reset (FilterButtons) as the screen gives them.
 * On a phone (PHONE_QUERY) the bar is folded behind a "Filters (n)" button, n the filters set, so that the rows — not a
 * dozen filters — fill the first screen (issue 27 item 7); a search folds it again.
 */
import { type ReactNode, useId, useState } from 'react';
import { useT } from './i18n';
import { PHONE_QUERY, useMediaQuery } from './media';
import { SlButton, SlIcon } from './sl';

export interface FilterBarProps {
  /** How many filters the rows shown are filtered by (the button's n). */
  count: number;
  /** Search: the form was submitted (the Search button, or Enter in a field). */
  onSearch: () => void;
  children: ReactNode;
}

export function FilterBar({ count, onSearch, children }: FilterBarProps) {
  const t = useT();
  const compact = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState(false);
  const id = useId();
  const folded = compact && !open;
  return (
    <>
      {compact ? (
        <div className="wharf-filter-toggle">
          <SlButton
            size="small"
            caret
            data-testid="filters-toggle"
            aria-expanded={open ? 'true' : 'false'}
            aria-controls={id}
            onClick={() => setOpen((shown) => !shown)}
          >
            <SlIcon slot="prefix" name="funnel" />
            {t('kit.filter.toggle', { count })}
          </SlButton>
        </div>
      ) : null}
      <form
        id={id}
        className={`wharf-filter-bar${folded ? ' wharf-filter-bar--folded' : ''}`}
        noValidate
        onSubmit={(event) => {
          // Shoelace inputs submit their form on Enter, like native ones.
          event.preventDefault();
          onSearch();
          if (compact) setOpen(false);
        }}
      >
        {children}
      </form>
    </>
  );
}
