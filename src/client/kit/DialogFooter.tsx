import { useT } from './i18n';
import { SlButton } from './sl';

export interface DialogFooterProps {
  /** Cancel button's label key (default `kit.action.cancel`). */
  cancelLabel?: string;
  cancelTestId?: string;
  onCancel: () => void;
  /** Submit button's label key. */
  submitLabel: string;
  submitTestId: string;
  submitVariant?: 'primary' | 'warning';
  submitDisabled?: boolean;
  busy: boolean;
  onSubmit: () => void;
}

/** The cancel and submit buttons of a ModalDialog's footer (place it directly inside the dialog). */
export function DialogFooter({
  cancelLabel = 'kit.action.cancel',
  cancelTestId,
  onCancel,
  submitLabel,
  submitTestId,
  submitVariant = 'primary',
  submitDisabled = false,
  busy,
  onSubmit,
}: DialogFooterProps) {
  const t = useT();
  return (
    <>
      <SlButton slot="footer" data-testid={cancelTestId} onClick={onCancel}>
        {t(cancelLabel)}
      </SlButton>
      <SlButton
        slot="footer"
        variant={submitVariant}
        loading={busy}
        disabled={submitDisabled}
        data-testid={submitTestId}
        onClick={onSubmit}
      >
        {t(submitLabel)}
      </SlButton>
    </>
  );
}
