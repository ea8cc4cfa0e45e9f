/**
 * Excel import (menu Wms/ExcelImport; issue 17, spec 001 §3/§5/§7, spec 000 §8): choose the type and warehouse,
 * download the type's template, choose a file (.xlsx; .xls refused with a request to save it as .xlsx), send its rows in
 * batches with a progress bar, preview the group, commit it, download its error rows, re-import them corrected into the
 * same group, delete the group. Permissions `sys:tblTempExcelImport<Type>:view|add|delete` (commit: add, plus the
 * target's add); the server enforces them.
 */
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { type ChangeEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  type CommitAnswer,
  type DeleteGroupAnswer,
  IMPORT_LIMITS,
  IMPORT_STATUSES,
  IMPORT_TYPE_DEFS,
  IMPORT_TYPES,
  type ImportAnswer,
  type ImportGroup,
  type ImportType,
} from '../../../shared/imports';
import { permission } from '../../../shared/permissions';
import { MAX_PAGE_SIZE, type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import { languageMessages, useDateTime, useT } from '../../kit/i18n';
import { session, usePermission } from '../../kit/session';
import { SlAlert, SlButton, SlIcon, SlOption, SlProgressBar, SlSelect } from '../../kit/sl';
import { loadWarehouses, WarehouseSelect } from '../../kit/WarehouseSelect';
import { ImportPreview } from './ImportPreview';
import { ERROR_MSG, ROW_NUMBER, type StagingRow, sheetColumns, templateColumns } from './importColumns';
import { checkFileChoice, readImportFile } from './readImportFile';
import { downloadWorkbook, errorWorkbook, templateWorkbook } from './templateSheet';
import { uploadRows } from './uploadRows';
import '../../kit/kit.css';
import './imports.css';

type Busy = 'template' | 'reading' | 'sending' | 'committing' | 'errors' | 'deleting' | null;

/** The outcome shown above the preview until the next action. */
interface Outcome {
  variant: 'success' | 'warning';
  text: string;
}

/** Characters Windows refuses in a file name. */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|]/g, '_');

export function ImportPage() {
  const t = useT();
  const dateTime = useDateTime();
  const confirm = useConfirm();
  const { user, language } = useSnapshot(session);
  const [type, setType] = useState<ImportType>('Location');
  const def = IMPORT_TYPE_DEFS[type];
  const [whId, setWhId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [groups, setGroups] = useState<ImportGroup[]>([]);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [previewStatus, setPreviewStatus] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const canView = usePermission(permission(def.resource, 'view'));
  const canAdd = usePermission(permission(def.resource, 'add'));
  const canDelete = usePermission(permission(def.resource, 'delete'));
  const canCommit = usePermission(permission(def.targetResource, 'add')) && canAdd;
  const group = groups.find((g) => g.groupId === groupId) ?? null;
  const typeLabel = t(`import.type.${type}`);

  // The first of the user's warehouses until another is chosen.
  useEffect(() => {
    let cancelled = false;
    void loadWarehouses(user ?? '').then((options) => {
      if (!cancelled) setWhId((current) => current || options[0]?.optionValue || '');
    });
    return () => {
      cancelled = true;
    };
  }, [user]);

  /** The type's recent groups in the warehouse; `select` picks one (else the one shown stays, or the newest). */
  const loadGroups = useCallback(
    async (select?: number) => {
      if (!whId || !canView) {
        setGroups([]);
        setGroupId(null);
        return;
      }
      const envelope = await apiPost<ImportGroup[]>(`/${def.entity}/findGroups`, { whId }).catch(() => null);
      if (!envelope || envelope.code !== SUCCESS) return;
      const list = envelope.data ?? [];
      setGroups(list);
      setGroupId((current) => {
        const wanted = select ?? current;
        return list.some((g) => g.groupId === wanted) ? (wanted ?? null) : (list[0]?.groupId ?? null);
      });
    },
    [def.entity, whId, canView],
  );

  useEffect(() => {
    setOutcome(null);
    setPreviewStatus('');
    void loadGroups();
  }, [loadGroups]);

  const refresh = async (select?: number, status = '') => {
    setPreviewStatus(status);
    await loadGroups(select);
    setReloadKey((k) => k + 1);
  };

  const chooseType = (value: string) => {
    const next = IMPORT_TYPES.find((candidate) => candidate === value);
    if (!next) return;
    setType(next);
    setGroupId(null);
    setGroups([]);
  };

  const downloadTemplate = async () => {
    setBusy('template');
    try {
      const workbook = templateWorkbook(templateColumns(def, t), t('import.template.codesTitle'));
      await downloadWorkbook(workbook, safeName(`${typeLabel}-${t('import.template.fileName')}.xlsx`), typeLabel.slice(0, 31));
    } catch (error) {
      console.error('template download failed', error);
      toast('error', t('kit.export.failed'));
    } finally {
      setBusy(null);
    }
  };

  const fileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // The same file chosen again (corrected in between) must fire again.
    event.target.value = '';
    if (!chosen) return;
    const check = checkFileChoice(chosen);
    if (!check.ok) {
      toast('warning', t(check.messageKey, check.values));
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  /** Reads the chosen file and sends it: into a new group, or into the shown one (`into`) replacing its error rows. */
  const importFile = async (into?: number) => {
    const check = checkFileChoice(file);
    if (!check.ok || !file) {
      toast('warning', t(check.ok ? 'error.importFileMissing' : check.messageKey, check.ok ? undefined : check.values));
      return;
    }
    if (!whId) {
      toast('warning', t('error.importWarehouseRequired'));
      return;
    }
    setOutcome(null);
    setBusy('reading');
    try {
      const languages = await Promise.all([languageMessages('zh_cn'), languageMessages('en_us')]);
      const read = await readImportFile(file, sheetColumns(def, languages));
      if (!read.ok) {
        toast(read.messageKey === 'error.importException' ? 'error' : 'warning', t(read.messageKey, read.values));
        return;
      }
      setBusy('sending');
      const totals = await uploadRows(read.rows, {
        whId,
        ...(into !== undefined ? { groupId: into } : {}),
        send: async (request) => {
          const envelope = await apiPost<ImportAnswer>(`/${def.entity}/importExcel`, request);
          return envelope.code === SUCCESS ? envelope.data : null;
        },
        onProgress: (sent, total) => setProgress({ sent, total }),
      });
      if (!totals) {
        await refresh(into);
        return;
      }
      const text = t('import.result.imported', { ...totals, file: file.name });
      // Shown above the preview until the next action (no toast as well: one message, where the group is).
      setOutcome({ variant: totals.errors > 0 ? 'warning' : 'success', text });
      setFile(null);
      await refresh(totals.groupId, totals.errors > 0 ? 'E' : '');
    } catch (error) {
      console.error('import failed', error);
      toast('error', t('error.importException'));
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };

  const commit = async () => {
    if (groupId === null) return;
    if (
      !(await confirm('import.confirm.commit', { values: { groupId, valid: (group?.counts.V ?? 0) + (group?.counts.N ?? 0) } }))
    )
      return;
    setBusy('committing');
    try {
      const envelope = await apiPost<CommitAnswer>(`/${def.entity}/commitGroup`, { groupId });
      if (envelope.code !== SUCCESS || !envelope.data) return;
      const answer = envelope.data;
      const text = t('import.result.committed', {
        committed: answer.committed,
        documents: answer.documents,
        failed: answer.failed,
      });
      setOutcome({ variant: answer.failed > 0 ? 'warning' : 'success', text });
      await refresh(groupId, answer.failed > 0 ? 'E' : '');
    } catch {
      // Reported by the api client.
    } finally {
      setBusy(null);
    }
  };

  const downloadErrors = async () => {
    if (groupId === null) return;
    setBusy('errors');
    try {
      const rows: StagingRow[] = [];
      for (let pageNum = 1; ; pageNum++) {
        const envelope = await apiPost<PageResult<StagingRow>>(`/${def.entity}/findPage`, {
          pageNum,
          pageSize: MAX_PAGE_SIZE,
          columnFilters: { groupId: String(groupId), importStatus: 'E' },
        });
        if (envelope.code !== SUCCESS || !envelope.data) return;
        rows.push(...envelope.data.content);
        if (rows.length >= envelope.data.totalSize || envelope.data.content.length === 0) break;
      }
      if (rows.length === 0) {
        toast('warning', t('error.importNoDataToExport'));
        return;
      }
      const workbook = errorWorkbook(
        templateColumns(def, t),
        rows,
        {
          rowNumber: { key: ROW_NUMBER.key, label: t(ROW_NUMBER.labelKey) },
          error: { key: ERROR_MSG.key, label: t(ERROR_MSG.labelKey) },
        },
        t('import.template.codesTitle'),
      );
      await downloadWorkbook(
        workbook,
        safeName(`${typeLabel}-${t('import.errors.fileName', { groupId })}.xlsx`),
        typeLabel.slice(0, 31),
      );
    } catch (error) {
      console.error('error file download failed', error);
      toast('error', t('kit.export.failed'));
    } finally {
      setBusy(null);
    }
  };

  const deleteGroup = async () => {
    if (groupId === null) return;
    if (!(await confirm('kit.confirm.delete', { danger: true }))) return;
    setBusy('deleting');
    try {
      const envelope = await apiPost<DeleteGroupAnswer>(`/${def.entity}/deleteGroup`, { groupId });
      if (envelope.code !== SUCCESS) return;
      toast('success', t('import.result.deleted', { deleted: envelope.data?.deleted ?? 0 }));
      setOutcome(null);
      setGroupId(null);
      await refresh();
    } catch {
      // Reported by the api client.
    } finally {
      setBusy(null);
    }
  };

  const groupLabel = useCallback(
    (g: ImportGroup) =>
      t('import.group.option', { groupId: g.groupId, date: dateTime(g.createDate), user: g.createBy, total: g.total }),
    [t, dateTime],
  );
  const typeOptions = useMemo(() => IMPORT_TYPES.map((value) => ({ value, label: t(`import.type.${value}`) })), [t]);
  const working = busy !== null;
  const percent = progress && progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;

  return (
    <div className="import-page" data-testid="import-page">
      <section className="wharf-panel import-panel">
        <div className="import-row">
          <SlSelect
            // A select shows the option text it was given a value under: re-created when the texts change.
            key={language}
            size="small"
            className="import-type"
            label={t('import.type.label')}
            value={type}
            hoist
            data-testid="import-type"
            disabled={working}
            onSlChange={(event) => chooseType((event.target as SlSelectElement).value as string)}
          >
            {typeOptions.map((o) => (
              <SlOption key={o.value} value={o.value}>
                {o.label}
              </SlOption>
            ))}
          </SlSelect>
          <div className="import-warehouse">
            <WarehouseSelect
              size="small"
              label={t('import.warehouse')}
              value={whId}
              onChange={setWhId}
              disabled={working}
              testId="import-warehouse"
            />
          </div>
          <SlButton
            size="small"
            data-testid="import-template"
            loading={busy === 'template'}
            disabled={working}
            onClick={() => void downloadTemplate()}
          >
            <SlIcon slot="prefix" name="download" />
            {t('import.template.download')}
          </SlButton>
        </div>
        <div className="import-row">
          <input ref={fileInput} type="file" accept=".xlsx,.xls" hidden data-testid="import-file-input" onChange={fileChosen} />
          <SlButton
            size="small"
            data-testid="import-choose"
            disabled={working || !canAdd}
            onClick={() => fileInput.current?.click()}
          >
            <SlIcon slot="prefix" name="folder2-open" />
            {t('import.file.choose')}
          </SlButton>
          <span className={`import-file-name${file ? '' : ' import-file-name--none'}`} data-testid="import-file-name">
            {file ? file.name : t('import.file.none')}
          </span>
          <SlButton
            size="small"
            variant="primary"
            data-testid="import-start"
            loading={busy === 'reading' || busy === 'sending'}
            disabled={working || !canAdd}
            onClick={() => void importFile()}
          >
            <SlIcon slot="prefix" name="upload" />
            {t('import.file.import')}
          </SlButton>
          <SlButton
            size="small"
            data-testid="import-reimport"
            disabled={working || !canAdd || groupId === null}
            onClick={() => void importFile(groupId ?? undefined)}
          >
            <SlIcon slot="prefix" name="arrow-repeat" />
            {t('import.file.reimport', { groupId: groupId ?? '' })}
          </SlButton>
          <span className="import-hint">
            {t('import.file.hint', { mb: IMPORT_LIMITS.fileBytes / 1024 / 1024, rows: IMPORT_LIMITS.rowsPerGroup })}
          </span>
        </div>
        {progress ? (
          <div className="import-progress" data-testid="import-progress">
            <SlProgressBar value={percent} label={t('import.progress.label')}>
              {percent}%
            </SlProgressBar>
            <span>{t('import.progress.rows', { sent: progress.sent, total: progress.total })}</span>
          </div>
        ) : null}
      </section>

      <section className="wharf-panel import-panel">
        <div className="import-row">
          <SlSelect
            key={`${language}:${groups.map((g) => `${g.groupId}:${g.total}`).join(',')}`}
            size="small"
            className="import-group"
            label={t('import.group.label')}
            placeholder={t(groups.length ? 'import.group.choose' : 'import.group.none')}
            value={groupId === null ? '' : String(groupId)}
            hoist
            data-testid="import-group"
            disabled={working || groups.length === 0}
            onSlChange={(event) => {
              const value = Number((event.target as SlSelectElement).value);
              setGroupId(Number.isInteger(value) && value > 0 ? value : null);
              setOutcome(null);
              setPreviewStatus('');
            }}
          >
            {groups.map((g) => (
              <SlOption key={g.groupId} value={String(g.groupId)}>
                {groupLabel(g)}
              </SlOption>
            ))}
          </SlSelect>
          {group ? (
            <div className="import-counts" data-testid="import-counts">
              {IMPORT_STATUSES.map((code) => (
                <span key={code} className={`import-status import-status--${code}`} data-testid={`import-count-${code}`}>
                  {t(`code.importStatus.${code}`)} {group.counts[code] ?? 0}
                </span>
              ))}
            </div>
          ) : null}
          <div className="import-actions">
            <SlButton
              size="small"
              variant="primary"
              data-testid="import-commit"
              loading={busy === 'committing'}
              disabled={working || !canCommit || !group || (group.counts.V ?? 0) + (group.counts.N ?? 0) === 0}
              onClick={() => void commit()}
            >
              <SlIcon slot="prefix" name="check2-circle" />
              {t('import.action.commit')}
            </SlButton>
            <SlButton
              size="small"
              data-testid="import-errors"
              loading={busy === 'errors'}
              disabled={working || !canView || !group}
              onClick={() => void downloadErrors()}
            >
              <SlIcon slot="prefix" name="file-earmark-excel" />
              {t('import.action.errors')}
            </SlButton>
            <SlButton
              size="small"
              variant="danger"
              outline
              data-testid="import-delete"
              loading={busy === 'deleting'}
              disabled={working || !canDelete || !group}
              onClick={() => void deleteGroup()}
            >
              <SlIcon slot="prefix" name="trash" />
              {t('import.action.deleteGroup')}
            </SlButton>
          </div>
        </div>
        {outcome ? (
          <SlAlert open variant={outcome.variant} data-testid="import-outcome">
            <SlIcon slot="icon" name={outcome.variant === 'success' ? 'check2-circle' : 'exclamation-triangle'} />
            {outcome.text}
          </SlAlert>
        ) : null}
      </section>

      {group && canView ? (
        <ImportPreview
          key={`${type}:${group.groupId}:${previewStatus}`}
          def={def}
          groupId={group.groupId}
          reloadKey={reloadKey}
          initialStatus={previewStatus}
        />
      ) : (
        <p className="import-empty">{t(canView ? 'import.group.empty' : 'import.msg.noPermission')}</p>
      )}
    </div>
  );
}
