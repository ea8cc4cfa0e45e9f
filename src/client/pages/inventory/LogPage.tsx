/**
 * The transaction log and the exception log (menus Wms/TranLog, Wms/ExceptionLog): the view-only list, newest
 * first, and a row's whole record (`GET /<log>/findById?id=`) with its eleven attribute values.
 */
import { useMemo, useState } from 'react';
import type { EntityDef } from '../../../shared/entities/defineEntity';
import { permission } from '../../../shared/permissions';
import { SUCCESS } from '../../../shared/wire';
import { apiGet } from '../../kit/api';
import type { RowAction } from '../../kit/DataTable';
import { EntityListPage, type EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { usePermission } from '../../kit/session';
import { formatDateTime } from '../../kit/tableState';
import './inventory.css';

const ATTRIBUTES = Array.from({ length: 11 }, (_, i) => `genericAttrValue${i + 1}`);

export function LogPage({ entity }: { entity: EntityDef }) {
  const t = useT();
  const canView = usePermission(permission(entity.resource, 'view'));
  const [record, setRecord] = useState<EntityRow | null>(null);
  const rowActions = useMemo<RowAction<EntityRow>[]>(
    () => [
      {
        key: 'detail',
        labelKey: 'inventory.log.detail',
        allowed: canView,
        onClick: (row) =>
          void apiGet<EntityRow>(`/${entity.name}/findById`, { id: Number(row.id) })
            .then((envelope) => envelope.code === SUCCESS && setRecord(envelope.data))
            .catch(() => undefined),
      },
    ],
    [canView, entity],
  );
  const text = (field: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return '—';
    if (field === 'tranDate') return formatDateTime(value);
    if (entity.fields[field]?.type === 'code') return t(`code.${entity.fields[field]?.codeList ?? field}.${String(value)}`);
    return String(value);
  };
  const attributes = record ? ATTRIBUTES.filter((f) => record[f] !== null && record[f] !== undefined && record[f] !== '') : [];

  return (
    <>
      <EntityListPage entity={entity} rowActions={rowActions} />
      <ModalDialog
        open={record !== null}
        label={t(`entity.${entity.name}.name`)}
        data-testid="log-detail"
        onClose={() => setRecord(null)}
      >
        {record ? (
          <dl className="log-detail">
            {Object.keys(entity.fields).map((field) => (
              <div key={field} className="log-detail__row">
                <dt>{t(`entity.${entity.name}.field.${field}`)}</dt>
                <dd>{text(field, record[field])}</dd>
              </div>
            ))}
            {attributes.map((field, i) => (
              <div key={field} className="log-detail__row">
                <dt>{t('inventory.line.attributeValue', { n: i + 1 })}</dt>
                <dd>{String(record[field])}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </ModalDialog>
    </>
  );
}
