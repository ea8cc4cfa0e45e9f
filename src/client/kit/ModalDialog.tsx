/** The one dialog of the console: every modal (forms, confirmations, details, pickers) is this component. */
import type SlDialogElement from '@shoelace-style/shoelace/dist/components/dialog/dialog.component.js';
import { type ComponentProps, useEffect, useRef } from 'react';
import { SlDialog } from './sl';
import './kit.css';

export type ModalDialogProps = Omit<ComponentProps<typeof SlDialog>, 'onSlRequestClose' | 'onSlAfterHide'> & {
  /** Called once the dialog has hidden (its close button, Escape, or the screen setting `open` false). */
  onClose: () => void;
};

/** The controls a user types or chooses in; the first one the dialog holds takes the focus when it opens. */
const FIELDS = [
  'sl-input',
  'sl-select',
  'sl-textarea',
  'sl-checkbox',
  'sl-radio-group',
  'sl-switch',
  'input',
  'select',
  'textarea',
]
  .map((tag) => `${tag}:not([disabled]):not([readonly]):not([type="hidden"])`)
  .join(', ');

/**
 * The field a dialog focuses when it opens (issue 27 item 5): one marked `autofocus`, else the first editable field in
 * the dialog's order, not one folded away in a closed "more" section or not shown. Null: the dialog keeps Shoelace's
 * own focus (its panel), e.g. a message with only buttons.
 */
export function firstField(dialog: HTMLElement, marked: HTMLElement | null): HTMLElement | null {
  if (marked?.isConnected) return marked;
  for (const field of dialog.querySelectorAll<HTMLElement>(FIELDS)) {
    if (field.closest('sl-details:not([open]), [hidden]')) continue;
    if (field.getClientRects().length === 0) continue;
    return field;
  }
  return null;
}

/**
 * A Shoelace dialog that a click beside it does not close (spec 000 §9: "dialogs cannot be closed by clicking
 * outside"); Escape and the close button still do. It opens with its first field focused (`firstField`), so a clerk
 * types at once; a dialog choosing its own focus handles `onSlInitialFocus` and prevents the default. Label and
 * content are the caller's, and so is the width, within the limits of kit.css: never narrower than a usable form,
 * never wider than the screen less a margin.
 */
export function ModalDialog({ onClose, className, onSlShow, onSlInitialFocus, ...props }: ModalDialogProps) {
  const ref = useRef<SlDialogElement & { wharfAutofocus?: HTMLElement | null }>(null);
  const mountedOpen = useRef(Boolean(props.open));
  // Shoelace announces no opening for a dialog mounted open (no sl-show, no sl-initial-focus: the receive, pick and
  // confirmation dialogs): the initial focus is announced here once it has rendered, so both kinds behave alike.
  useEffect(() => {
    const dialog = ref.current;
    if (!mountedOpen.current || !dialog) return;
    let frame = 0;
    let cancelled = false;
    void customElements
      .whenDefined('sl-dialog')
      .then(() => dialog.updateComplete)
      .then(() => {
        if (cancelled) return;
        frame = requestAnimationFrame(() => {
          if (dialog.open) dialog.dispatchEvent(new CustomEvent('sl-initial-focus', { cancelable: true }));
        });
      });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, []);
  return (
    <SlDialog
      {...props}
      ref={ref}
      // wharf-modal: the width rules every dialog shares (kit.css).
      className={className ? `wharf-modal ${className}` : 'wharf-modal'}
      onSlShow={(event) => {
        // Shoelace takes the `autofocus` mark away while it opens: it is read here, before that.
        if (event.target === event.currentTarget) {
          const dialog = event.currentTarget as HTMLElement & { wharfAutofocus?: HTMLElement | null };
          dialog.wharfAutofocus = dialog.querySelector<HTMLElement>('[autofocus]');
        }
        onSlShow?.(event);
      }}
      onSlInitialFocus={(event) => {
        onSlInitialFocus?.(event);
        if (event.defaultPrevented || event.target !== event.currentTarget) return;
        const dialog = event.currentTarget as HTMLElement & { wharfAutofocus?: HTMLElement | null };
        // Opened by Shoelace, the mark was read at sl-show; mounted open, it is still on its field.
        const field = firstField(dialog, dialog.wharfAutofocus ?? dialog.querySelector<HTMLElement>('[autofocus]'));
        if (!field) return;
        event.preventDefault();
        field.focus({ preventScroll: true });
      }}
      onSlRequestClose={(event) => {
        // Events of inner controls (a select's dropdown closing) bubble up here: only the dialog's own count.
        if (event.target === event.currentTarget && event.detail.source === 'overlay') event.preventDefault();
      }}
      onSlAfterHide={(event) => {
        // sl-after-hide bubbles up from inner components too (a tooltip, a dropdown).
        if (event.target === event.currentTarget) onClose();
      }}
    />
  );
}
