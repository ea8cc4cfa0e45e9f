/** The one dialog of the console: every modal (forms, confirmations, details, pickers) is this component. */
import type { ComponentProps } from 'react';
import { SlDialog } from './sl';
import './kit.css';

export type ModalDialogProps = Omit<ComponentProps<typeof SlDialog>, 'onSlRequestClose' | 'onSlAfterHide'> & {
  /** Called once the dialog has hidden (its close button, Escape, or the screen setting `open` false). */
  onClose: () => void;
};

/**
 * A Shoelace dialog that a click beside it does not close (spec 000 §9: "dialogs cannot be closed by clicking
 * outside"); Escape and the close button still do. Label and content are the caller's, and so is the width, within
 * the limits of kit.css: never narrower than a usable form, never wider than the screen less a margin.
 */
export function ModalDialog({ onClose, className, ...props }: ModalDialogProps) {
  return (
    <SlDialog
      {...props}
      // wharf-modal: the width rules every dialog shares (kit.css).
      className={className ? `wharf-modal ${className}` : 'wharf-modal'}
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
