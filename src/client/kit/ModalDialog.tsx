/** The one dialog of the console: every modal (forms, confirmations, details, pickers) is this component. */
import type { ComponentProps } from 'react';
import { SlDialog } from './sl';

export type ModalDialogProps = Omit<ComponentProps<typeof SlDialog>, 'onSlRequestClose' | 'onSlAfterHide'> & {
  /** Called once the dialog has hidden (its close button, Escape, or the screen setting `open` false). */
  onClose: () => void;
};

/**
 * A Shoelace dialog that a click beside it does not close (spec 000 §9: "dialogs cannot be closed by clicking
 * outside"); Escape and the close button still do. Width, label and content are the caller's.
 */
export function ModalDialog({ onClose, ...props }: ModalDialogProps) {
  return (
    <SlDialog
      {...props}
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
