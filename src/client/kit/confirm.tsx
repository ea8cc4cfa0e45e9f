/** A promise-based confirmation dialog: `if (await confirm('kit.confirm.delete')) …`. */
import type SlButtonElement from '@shoelace-style/shoelace/dist/components/button/button.component.js';
import { useCallback, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useT } from './i18n';
import { ModalDialog } from './ModalDialog';
import { SlButton, SlIcon } from './sl';

/** Texts are passed already translated: the dialog renders in its own React root, outside the IntlProvider. */
export interface ConfirmOptions {
  title: string;
  message: string;
  okLabel: string;
  cancelLabel: string;
  /** Colours the OK button as dangerous (deletions). */
  danger?: boolean;
}

function ConfirmDialog({ options, onDone }: { options: ConfirmOptions; onDone: (ok: boolean) => void }) {
  const [open, setOpen] = useState(true);
  const answer = useRef(false);
  const okButton = useRef<SlButtonElement>(null);

  const close = (ok: boolean) => {
    answer.current = ok;
    setOpen(false);
  };

  return (
    <ModalDialog
      open={open}
      label={options.title}
      className="wharf-confirm"
      onSlInitialFocus={(event) => {
        // Enter confirms, as in every desktop confirmation box.
        event.preventDefault();
        okButton.current?.focus();
      }}
      onClose={() => onDone(answer.current)}
    >
      <div className="wharf-confirm__body">
        <SlIcon name="exclamation-triangle" className="wharf-confirm__icon" />
        <span>{options.message}</span>
      </div>
      <SlButton slot="footer" data-testid="confirm-cancel" onClick={() => close(false)}>
        {options.cancelLabel}
      </SlButton>
      <SlButton
        slot="footer"
        ref={okButton}
        variant={options.danger ? 'danger' : 'primary'}
        data-testid="confirm-ok"
        onClick={() => close(true)}
      >
        {options.okLabel}
      </SlButton>
    </ModalDialog>
  );
}

/** Shows a modal question; resolves true for OK, false for cancel, Escape or the close button. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const done = (ok: boolean) => {
      resolve(ok);
      // Unmount after the current event has finished dispatching through the dialog.
      queueMicrotask(() => {
        root.unmount();
        host.remove();
      });
    };
    root.render(<ConfirmDialog options={options} onDone={done} />);
  });
}

/** The confirmation function of the current language: `confirm(messageKey, {danger})`. */
export function useConfirm(): (
  messageKey: string,
  opts?: { danger?: boolean; values?: Record<string, string | number> },
) => Promise<boolean> {
  const t = useT();
  return useCallback(
    (messageKey, opts) =>
      confirmDialog({
        title: t('kit.confirm.title'),
        message: t(messageKey, opts?.values),
        okLabel: t('kit.confirm.ok'),
        cancelLabel: t('kit.confirm.cancel'),
        danger: opts?.danger,
      }),
    [t],
  );
}
