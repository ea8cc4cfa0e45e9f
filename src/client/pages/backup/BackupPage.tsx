/** The `sys/backup` screen: the backup panel as a workspace tab. */
import { BackupPanel } from './BackupPanel';

export function BackupPage() {
  return (
    <div className="wharf-list-page">
      <BackupPanel />
    </div>
  );
}
