/** The server-paging footer of DataTable: total, page size, previous, page buttons, next, jump to page. */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { useState } from 'react';
import { useT } from './i18n';
import { SlButton, SlIcon, SlInput, SlOption, SlSelect } from './sl';
import { pageCountOf, pagerItems } from './tableState';
import { fitTextStyle } from './textWidth';

export interface PagerProps {
  total: number;
  pageNum: number;
  pageSize: number;
  pageSizes: readonly number[];
  disabled?: boolean;
  /** All rows on one page: only the total shows (a page size of "37 per page" would mean nothing). */
  whole?: boolean;
  onChange: (pageNum: number, pageSize: number) => void;
}

/** Pagination controls; page numbers are 1-based like the server's `pageNum`. */
export function Pager({ total, pageNum, pageSize, pageSizes, disabled, whole, onChange }: PagerProps) {
  const t = useT();
  const pageCount = pageCountOf(total, pageSize);
  const [jump, setJump] = useState('');

  const go = (page: number) => {
    const target = Math.min(Math.max(1, page), pageCount);
    if (target !== pageNum) onChange(target, pageSize);
  };

  const submitJump = () => {
    const page = Number.parseInt(jump, 10);
    setJump('');
    if (Number.isFinite(page)) go(page);
  };

  if (whole) {
    return (
      <div className="wharf-pager" data-testid="pager">
        <span className="wharf-pager__total">{t('kit.pager.total', { total })}</span>
      </div>
    );
  }
  return (
    <div className="wharf-pager" data-testid="pager">
      <span className="wharf-pager__total">{t('kit.pager.total', { total })}</span>
      <SlSelect
        // Shoelace copies the chosen option's text once; a new element shows it once the new language's
        // messages have arrived (they load lazily, after the language itself changes).
        key={t('kit.pager.perPage', { size: pageSize })}
        size="small"
        className="wharf-pager__size"
        value={String(pageSize)}
        disabled={disabled}
        hoist
        // Named by Shoelace's label, on screen beside it: an aria-label on the host never reaches the control inside the
        // shadow root, and axe wants a select's name visible (label-title-only) (issue 27.9).
        label={t('kit.pager.pageSize')}
        style={fitTextStyle(pageSizes.map((size) => t('kit.pager.perPage', { size })))}
        onSlChange={(event) => {
          const size = Number((event.target as SlSelectElement).value);
          // Keep the first row of the current page in view when the page size changes.
          const firstRow = (pageNum - 1) * pageSize;
          if (size > 0) onChange(Math.floor(firstRow / size) + 1, size);
        }}
      >
        {pageSizes.map((size) => (
          <SlOption key={size} value={String(size)}>
            {t('kit.pager.perPage', { size })}
          </SlOption>
        ))}
      </SlSelect>
      <SlButton
        size="small"
        className="wharf-pager__nav"
        disabled={disabled || pageNum <= 1}
        data-testid="pager-previous"
        onClick={() => go(pageNum - 1)}
      >
        <SlIcon name="chevron-left" label={t('kit.pager.previous')} />
      </SlButton>
      {pagerItems(pageNum, pageCount).map((item, index) =>
        item === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their position
          <span key={`gap-${index}`} className="wharf-pager__gap">
            …
          </span>
        ) : (
          <SlButton
            key={item}
            size="small"
            className="wharf-pager__page"
            variant={item === pageNum ? 'primary' : 'default'}
            disabled={disabled}
            aria-current={item === pageNum ? 'page' : undefined}
            onClick={() => go(item)}
          >
            {item}
          </SlButton>
        ),
      )}
      <SlButton
        size="small"
        className="wharf-pager__nav"
        disabled={disabled || pageNum >= pageCount}
        data-testid="pager-next"
        onClick={() => go(pageNum + 1)}
      >
        <SlIcon name="chevron-right" label={t('kit.pager.next')} />
      </SlButton>
      <span className="wharf-pager__jump">
        {t('kit.pager.goto')}
        <SlInput
          size="small"
          inputmode="numeric"
          value={jump}
          disabled={disabled}
          // Named by Shoelace's label, out of sight (shell.css): the words around the field say it on screen.
          label={t('kit.pager.goto')}
          className="wharf-label-hidden"
          data-testid="pager-jump"
          onSlInput={(event) => setJump((event.target as SlInputElement).value.replace(/\D/g, ''))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submitJump();
          }}
          onSlBlur={() => {
            if (jump) submitJump();
          }}
        />
        {t('kit.pager.pageUnit')}
      </span>
    </div>
  );
}
