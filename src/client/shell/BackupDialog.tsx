import { lazy, Suspense } from 'react';
import { useT } from '../kit/i18n';
import { ModalDialog } from '../kit/ModalDialog';
import { SlSpinner } from '../kit/sl';

// The panel (and the grid it uses) loads only when an administrator opens the dialog.
const BackupPanel = lazy(() => import('../pages/backup/BackupPanel').then((m) => ({ default: m.BackupPanel })));

/**
 * The backup and restore dialog of the personal panel. Wider than the 40% form dialogs: it holds a table.
 * Like every dialog it does not close from a click beside it.
 */
export function BackupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <ModalDialog label={t('backup.title')} open={open} className="backup-dialog" data-testid="backup-dialog" onClose={onClose}>
      {open && (
        <Suspense fallback={<SlSpinner />}>
          <BackupPanel />
        </Suspense>
      )}
    </ModalDialog>
  );
}
