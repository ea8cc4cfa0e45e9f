/**
 * Edits an id/parentId tree entity (menus, departments) served by the generic engine: the tree on the
 * left, the chosen node's form on the right (with its parent, so it can move), add root / add child / save /
 * delete. Validation is the entity's shared rules; the server adds the tree rules (no cycles, no orphans).
 */
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import type SlTreeItemElement from '@shoelace-style/shoelace/dist/components/tree-item/tree-item.component.js';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { EntityDef } from '../../../shared/entities/defineEntity';
import { permission } from '../../../shared/permissions';
import { checkField, validateRow } from '../../../shared/validation';
import { type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { useConfirm } from '../../kit/confirm';
import { FormField } from '../../kit/FormField';
import { useT } from '../../kit/i18n';
import { session, usePermission } from '../../kit/session';
import { SlButton, SlIcon, SlOption, SlSelect, SlSpinner, SlTree, SlTreeItem } from '../../kit/sl';
import './system.css';

/** A node as findPage answers it. */
export type TreeRow = Record<string, unknown> & { id: number; parentId: number };

export interface TreeEditorProps {
  entity: EntityDef;
  /** The node's name in the current language. */
  label: (row: TreeRow) => string;
  icon?: (row: TreeRow) => string;
  /** Values of a new node under `parent` (null = a root); null when `parent` cannot hold children. */
  newNode: (parent: TreeRow | null, siblings: number) => Record<string, string> | null;
}

type Values = Record<string, string>;
type Node = { row: TreeRow; children: Node[]; depth: number };

function toValues(entity: EntityDef, row: Record<string, unknown>): Values {
  const values: Values = {};
  for (const field of Object.keys(entity.fields)) {
    const value = row[field];
    values[field] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

function buildNodes(rows: readonly TreeRow[]): Node[] {
  const byParent = new Map<number, TreeRow[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const parent = ids.has(row.parentId) ? row.parentId : 0;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const seen = new Set<number>();
  const build = (parentId: number, depth: number): Node[] =>
    (byParent.get(parentId) ?? [])
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .map((row) => ({ row, depth, children: build(row.id, depth + 1) }));
  return build(0, 0);
}

function flatten(nodes: readonly Node[]): Node[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

export function TreeEditor({ entity, label, icon, newNode }: TreeEditorProps) {
  const t = useT();
  const confirm = useConfirm();
  const { language } = useSnapshot(session);
  const canAdd = usePermission(permission(entity.resource, 'add'));
  const canEdit = usePermission(permission(entity.resource, 'edit'));
  const canDelete = usePermission(permission(entity.resource, 'delete'));
  const [rows, setRows] = useState<TreeRow[] | null>(null);
  /** The node in the form: an existing id, or null for a new node. */
  const [editing, setEditing] = useState<{ id: number | null; values: Values } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (select?: number) => {
      try {
        const envelope = await apiPost<PageResult<TreeRow>>(`/${entity.name}/findPage`, { pageNum: 1, pageSize: 1000 });
        if (envelope.code !== SUCCESS) return;
        setRows(envelope.data.content);
        if (select !== undefined) {
          const row = envelope.data.content.find((r) => r.id === select);
          setEditing(row ? { id: row.id, values: toValues(entity, row) } : null);
        }
      } catch {
        // Reported by the api client.
      }
    },
    [entity],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const nodes = useMemo(() => buildNodes(rows ?? []), [rows]);
  const flat = useMemo(() => flatten(nodes), [nodes]);
  const byId = useMemo(() => new Map(flat.map((n) => [n.row.id, n])), [flat]);
  const current = editing?.id ? byId.get(editing.id) : undefined;

  // A node cannot move under itself or its descendants: those are left out of the parent choice.
  const parentChoices = useMemo(() => {
    const excluded = new Set(current ? flatten([current]).map((n) => n.row.id) : []);
    return flat.filter((n) => !excluded.has(n.row.id));
  }, [flat, current]);

  const select = (id: number) => {
    const node = byId.get(id);
    if (!node) return;
    setErrors({});
    setEditing({ id, values: toValues(entity, node.row) });
  };

  const add = (parent: TreeRow | null) => {
    const siblings = parent ? (byId.get(parent.id)?.children.length ?? 0) : nodes.length;
    const values = newNode(parent, siblings);
    if (!values) return;
    setErrors({});
    setEditing({ id: null, values: { ...toValues(entity, {}), ...values, parentId: String(parent?.id ?? 0) } });
  };

  const message = (code: string, params: Record<string, string | number | readonly string[]>) => t(`error.${code}`, params);

  const save = async () => {
    if (!editing || busy) return;
    const problems = validateRow(entity, editing.values);
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, message(p.code, p.params)])));
      return;
    }
    if (!(await confirm('kit.confirm.submit'))) return;
    setBusy(true);
    try {
      const payload = { ...editing.values, ...(editing.id ? { id: editing.id } : {}) };
      const envelope = await apiPost<number>(`/${entity.name}/save`, payload);
      if (envelope.code !== SUCCESS) return;
      if (!envelope.data) {
        toast('error', t('error.notAllowedSave'));
        return;
      }
      toast('success', t('kit.toast.success'));
      await load(envelope.data);
    } catch {
      // Reported by the api client.
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!editing?.id || busy) return;
    if (!(await confirm('kit.confirm.delete', { danger: true }))) return;
    setBusy(true);
    try {
      const envelope = await apiPost<number>(`/${entity.name}/delete`, [{ id: editing.id }]);
      if (envelope.code !== SUCCESS) return;
      if (!envelope.data) {
        toast('error', t('error.notAllowedDelete'));
        return;
      }
      toast('success', t('kit.toast.success'));
      setEditing(null);
      await load();
    } catch {
      // Reported by the api client.
    } finally {
      setBusy(false);
    }
  };

  const setValue = (field: string, value: string) => {
    setEditing((e) => (e ? { ...e, values: { ...e.values, [field]: value } } : e));
    if (errors[field]) {
      const def = entity.fields[field];
      const problem = def ? checkField(entity.name, field, def, value) : null;
      setErrors((all) => {
        const next = { ...all };
        if (problem) next[field] = message(problem.code, problem.params);
        else delete next[field];
        return next;
      });
    }
  };

  const renderItems = (list: readonly Node[]) =>
    list.map((node) => (
      <SlTreeItem
        key={node.row.id}
        data-id={node.row.id}
        data-testid={`tree-item-${node.row.id}`}
        expanded={node.depth === 0}
        selected={editing?.id === node.row.id}
      >
        {icon ? <SlIcon name={icon(node.row)} className="sys-tree-icon" /> : null}
        {label(node.row)}
        {renderItems(node.children)}
      </SlTreeItem>
    ));

  const editable = editing ? (editing.id ? canEdit : canAdd) : false;
  return (
    <div className="sys-tree-editor" data-entity={entity.name}>
      <section className="sys-tree-pane">
        <div className="sys-tree-tools">
          <SlButton size="small" variant="primary" disabled={!canAdd} data-testid="tree-add-root" onClick={() => add(null)}>
            <SlIcon slot="prefix" name="plus-lg" />
            {t('sys.tree.addRoot')}
          </SlButton>
          <SlButton
            size="small"
            disabled={!canAdd || !current || newNode(current.row, 0) === null}
            data-testid="tree-add-child"
            onClick={() => add(current?.row ?? null)}
          >
            <SlIcon slot="prefix" name="node-plus" />
            {t('sys.tree.addChild')}
          </SlButton>
          <SlButton size="small" data-testid="tree-refresh" onClick={() => void load(editing?.id ?? undefined)}>
            <SlIcon slot="prefix" name="arrow-clockwise" />
            {t('kit.table.refresh')}
          </SlButton>
        </div>
        <div className="sys-tree-box">
          <Suspense fallback={<SlSpinner />}>
            {rows === null ? (
              <SlSpinner />
            ) : (
              <SlTree
                selection="single"
                data-testid="tree"
                onSlSelectionChange={(event) => {
                  const item = event.detail.selection[0] as SlTreeItemElement | undefined;
                  if (item) select(Number(item.dataset.id));
                }}
              >
                {renderItems(nodes)}
              </SlTree>
            )}
          </Suspense>
        </div>
      </section>
      <section className="sys-form-pane" data-testid="tree-form">
        {editing ? (
          <form
            // Shoelace selects keep the label shown when chosen: a new language re-creates them.
            key={language}
            className="wharf-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <h3 className="sys-form-title">
              {editing.id
                ? t('kit.form.editTitle', { entity: `entity.${entity.name}.name` })
                : t('kit.form.addTitle', { entity: `entity.${entity.name}.name` })}
            </h3>
            <div className="wharf-field" data-field="parentId">
              <SlSelect
                label={t(`entity.${entity.name}.field.parentId`)}
                value={editing.values.parentId ?? '0'}
                hoist
                disabled={!editable}
                data-testid="field-parentId"
                onSlChange={(event) => setValue('parentId', (event.target as SlSelectElement).value as string)}
              >
                <SlOption value="0">{t('sys.tree.root')}</SlOption>
                {parentChoices.map((n) => (
                  <SlOption key={n.row.id} value={String(n.row.id)}>
                    {'\u3000'.repeat(n.depth + 1)}
                    {label(n.row)}
                  </SlOption>
                ))}
              </SlSelect>
              <div className="wharf-field__error">{errors.parentId ?? ''}</div>
            </div>
            {entity.form.map((fields) => {
              const shown = fields.filter((f) => f !== 'parentId');
              if (shown.length === 0) return null;
              return (
                <div
                  key={shown.join('|')}
                  className="wharf-form__row"
                  style={{ gridTemplateColumns: `repeat(${shown.length}, 1fr)` }}
                >
                  {shown.map((field) => {
                    const def = entity.fields[field];
                    if (!def) return null;
                    return (
                      <FormField
                        key={field}
                        entity={entity.name}
                        field={field}
                        def={def}
                        value={editing.values[field] ?? ''}
                        error={errors[field]}
                        readOnly={!editable}
                        onChange={(value) => setValue(field, value)}
                        onCheck={() => undefined}
                      />
                    );
                  })}
                </div>
              );
            })}
            <div className="sys-form-buttons">
              <SlButton variant="primary" disabled={!editable} loading={busy} data-testid="tree-save" onClick={() => void save()}>
                <SlIcon slot="prefix" name="check-lg" />
                {t('kit.action.submit')}
              </SlButton>
              {editing.id ? (
                <SlButton
                  variant="danger"
                  outline
                  disabled={!canDelete || busy}
                  data-testid="tree-delete"
                  onClick={() => void remove()}
                >
                  <SlIcon slot="prefix" name="trash" />
                  {t('kit.action.delete')}
                </SlButton>
              ) : null}
              <SlButton data-testid="tree-cancel" onClick={() => setEditing(null)}>
                {t('kit.action.cancel')}
              </SlButton>
            </div>
          </form>
        ) : (
          <div className="sys-empty">{t('sys.tree.noSelection')}</div>
        )}
      </section>
    </div>
  );
}
