/**
 * Backup and restore (spec 000 §2 "Backup and restore dialog"): the list of backups, back up now with an
 * optional title, restore one after a confirmation, delete one. Shown in the personal panel's dialog and as
 * the `sys/backup` screen.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { permission } from '../../../shared/permissions';
import type { BackupRecord, RestoreResult } from '../../../shared/wire.shell';
import { apiGet, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import { DataTable, type RowAction, type TableColumn } from '../../kit/DataTable';
import { useDateTime, useT } from '../../kit/i18n';
import { usePermission } from '../../kit/session';
import { SlButton, SlIcon, SlInput } from '../../kit/sl';
import { refreshWorkspace } from '../../shell/loadNavigation';
import './backup.css';

type BackupRow = BackupRecord & { id: string };

const TITLE_MAX = 100;

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function BackupPanel() {
  const t = useT();
  const dateTime = useDateTime();
  const confirm = useConfirm();
  const canAdd = usePermission(permission('backup', 'add'));
  const canRestore = usePermission(permission('backup', 'edit'));
  const canDelete = usePermission(permission('backup', 'delete'));
  const [records, setRecords] = useState<BackupRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [title, setTitle] = useState('');
  const [backingUp, setBackingUp] = useState(false);
  const [restoring, setRestoring] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const answer = await apiGet<BackupRecord[]>('/backup/findRecords');
      if (answer.code === 200) setRecords((answer.data ?? []).map((r) => ({ ...r, id: r.name })));
    } catch {
      // Reported by the api client.
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const label = useCallback(
    (row: BackupRecord) => row.title || (row.scheduled ? t('backup.scheduledTitle') : t('backup.untitled')),
    [t],
  );

  const backUp = async () => {
    if (backingUp) return;
    setBackingUp(true);
    try {
      const answer = await apiGet<BackupRecord>('/backup/backup', title.trim() ? { title: title.trim() } : undefined);
      if (answer.code === 200 && answer.data) {
        toast('success', t('backup.done', { name: answer.data.name }));
        setTitle('');
        setPage((p) => ({ ...p, pageNum: 1 }));
        await load();
      }
    } catch {
      // Reported by the api client.
    } finally {
      setBackingUp(false);
    }
  };

  const restore = async (row: BackupRow) => {
    if (restoring) return;
    const ok = await confirm('backup.restoreConfirm', {
      danger: true,
      values: { title: label(row), time: dateTime(row.time) },
    });
    if (!ok) return;
    setRestoring(true);
    try {
      const answer = await apiGet<RestoreResult>('/backup/restore', { name: row.name });
      if (answer.code === 200 && answer.data) {
        toast('success', t('backup.restored', { rows: answer.data.rows }));
        // Every open screen shows data from before the restore: reload them, and the menus and permissions.
        await refreshWorkspace();
        await load();
      }
    } catch {
      // Reported by the api client.
    } finally {
      setRestoring(false);
    }
  };

  const remove = async (row: BackupRow) => {
    if (!(await confirm('kit.confirm.delete', { danger: true }))) return;
    try {
      const answer = await apiGet<number>('/backup/delete', { name: row.name });
      if (answer.code === 200) {
        toast('success', t('kit.toast.success'));
        await load();
      }
    } catch {
      // Reported by the api client.
    }
  };

  const columns = useMemo<TableColumn<BackupRow>[]>(
    () => [
      { field: 'title', headerKey: 'backup.field.title', minWidth: 180, format: (_, row) => label(row) },
      { field: 'time', headerKey: 'backup.field.time', minWidth: 160, format: (value) => dateTime(String(value)) },
      { field: 'size', headerKey: 'backup.field.size', minWidth: 90, format: (value) => formatSize(Number(value)) },
      {
        field: 'scheduled',
        headerKey: 'backup.field.kind',
        minWidth: 90,
        format: (value, row) => t(row.damaged ? 'backup.kind.damaged' : value ? 'backup.kind.scheduled' : 'backup.kind.manual'),
      },
      { field: 'name', headerKey: 'backup.field.name', minWidth: 240 },
      { field: 'rows', headerKey: 'backup.field.rows', minWidth: 90, hidden: true },
      { field: 'schemaVersion', headerKey: 'backup.field.schemaVersion', minWidth: 150, hidden: true },
    ],
    [label, dateTime, t],
  );

  // The operation column keeps one set of buttons; their handlers always see the current state.
  const handlers = useRef({ restore, remove });
  handlers.current = { restore, remove };
  const actions = useMemo<RowAction<BackupRow>[]>(
    () => [
      {
        key: 'restore',
        labelKey: 'backup.restore',
        allowed: canRestore && !restoring,
        onClick: (row) => void handlers.current.restore(row),
      },
      {
        key: 'delete',
        labelKey: 'kit.action.delete',
        allowed: canDelete,
        danger: true,
        onClick: (row) => void handlers.current.remove(row),
      },
    ],
    [canRestore, canDelete, restoring],
  );

  const start = (page.pageNum - 1) * page.pageSize;
  return (
    <div className="backup-panel">
      <p className="backup-hint">
        <SlIcon name="info-circle" />
        {t('backup.hint')}
      </p>
      <DataTable<BackupRow>
        tableId="backup.records"
        columns={columns}
        rows={records.slice(start, start + page.pageSize)}
        allRows={records}
        total={records.length}
        pageNum={page.pageNum}
        pageSize={page.pageSize}
        loading={loading || restoring}
        onPageChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        onRefresh={() => void load()}
        actions={actions}
        height={360}
        exportName={t('backup.title')}
        toolbar={
          <div className="backup-toolbar">
            <SlInput
              size="small"
              value={title}
              maxlength={TITLE_MAX}
              placeholder={t('backup.titlePlaceholder')}
              disabled={!canAdd}
              data-testid="backup-title"
              onSlInput={(event) => setTitle((event.target as SlInputElement).value)}
            />
            <SlButton
              size="small"
              variant="primary"
              disabled={!canAdd || restoring}
              loading={backingUp}
              data-testid="backup-now"
              onClick={() => void backUp()}
            >
              <SlIcon slot="prefix" name="database-down" />
              {t('backup.backupNow')}
            </SlButton>
          </div>
        }
      />
    </div>
  );
}
