import { type Kysely, sql } from 'kysely';

/**
 * Excel import (issue 17; src/server/modules/imports/README.md): the ten staging tables of spec 001 §3, one per import
 * type. A row keeps the sheet's values as typed (text, at most 500 characters), so that a bad value is stored and shown
 * in the preview; `wh_id` is the warehouse chosen on the screen (grants), `group_id` one file and its re-imports (from
 * `tbl_temp_excel_import_group_seq`, shared by the ten tables), `row_number` the sheet row, `import_status` N new /
 * E error / V valid / S committed. Every statement on a group names `group_id`, which the unique `(group_id,
 * row_number)` index serves (an index on the status as well cost each staged row and each status change a fourth
 * entry: imports README "Performance"). The Excel import screen gains view / add / edit / delete buttons per import type
 * (`sys:tblTempExcelImport<Type>:*`) for databases seeded before this migration (a new one has them from the menu tree).
 *
 * The columns are written out here, not read from the import contract: a migration stays as it ran.
 */
const STAGED_COLUMNS: Record<string, readonly string[]> = {
  inbound: [
    'po_number',
    'client_code',
    'type_id',
    'vendor_code',
    'expected_date',
    'remark',
    'line_number',
    'item_number',
    'qty',
    'order_uom',
    'lot_number',
    'delivery_date',
    'vendor_item_number',
  ],
  outbound: [
    'order_number',
    'client_code',
    'type_id',
    'order_date',
    'priority',
    'latest_ship_date',
    'carrier_id',
    'customer_code',
    'customer_name',
    'ship_to_name',
    'ship_to_phone',
    'ship_to_addr1',
    'ship_to_city',
    'line_number',
    'item_number',
    'qty',
    'order_uom',
    'lot_number',
  ],
  inv_adjustment: [
    'task_ref',
    'reason_id',
    'description',
    'item_number',
    'location_id',
    'qty',
    'uom',
    'lot_number',
    'expiration_date',
    'hu_id',
    'line_remark',
  ],
  inv_movement: [
    'task_ref',
    'description',
    'item_number',
    'source_location_id',
    'dest_location_id',
    'qty',
    'uom',
    'lot_number',
    'expiration_date',
    'hu_id',
    'line_remark',
  ],
  item_master: [
    'client_code',
    'item_number',
    'description',
    'uom',
    'lot_control',
    'serial_control',
    'is_special_size',
    'use_xcarton',
    'default_carton_type',
    'status',
    'display_item_number',
    'inventory_type',
    'shelf_life',
    'item_category',
    'price',
    'upc',
    'unit_weight',
    'unit_volume',
    'length',
    'width',
    'height',
    'sample_rate',
    'item_type_id',
    'class_id',
    'attribute_collection_id',
  ],
  item_uom: [
    'item_number',
    'uom',
    'conversion_factor',
    'uom_prompt',
    'pick_put_id',
    'uom_weight',
    'length',
    'width',
    'height',
    'package_weight',
    'status',
  ],
  vendor: ['vendor_code', 'vendor_name', 'contact', 'phone', 'email', 'addr1', 'city', 'state', 'zip', 'country_code'],
  zone: ['zone', 'description', 'zone_type', 'overflow_zone'],
  zone_loca: ['zone', 'location_id', 'pick_seq'],
  location: [
    'location_id',
    'description',
    'short_location_id',
    'status',
    'type',
    'hu_flag',
    'item_hu_indicator',
    'zone',
    'picking_flow',
    'pick_area',
    'capacity_uom',
    'capacity_qty',
    'capacity_volume',
    'cycle_count_class',
    'length',
    'width',
    'height',
  ],
};

/** One staging table: the row's bookkeeping, then the target's fields as text. */
function stagingTable(type: string, columns: readonly string[]): string {
  const table = `tbl_temp_excel_import_${type}`;
  return `
    create table ${table} (
      id bigserial primary key,
      wh_id varchar(20) not null,
      group_id bigint not null,
      row_number integer not null check (row_number > 0),
      import_status char(1) not null default 'N' check (import_status in ('N', 'E', 'V', 'S')),
      error_msg varchar(2000),
      ${columns.map((column) => `${column} varchar(500),`).join('\n      ')}
      create_date timestamptz not null default now(),
      create_by varchar(50),
      update_time timestamptz not null default now(),
      unique (group_id, row_number)
    );
    create index ${table}_wh on ${table} (wh_id, group_id);`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = Object.entries(STAGED_COLUMNS).map(([type, columns]) => stagingTable(type, columns));
  await sql
    .raw(`
    create sequence tbl_temp_excel_import_group_seq;
    ${tables.join('\n')}

    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select s.id, 'Excel导入-' || t.name || '-' || b.name, 'Excel import: ' || t.name_en || ': ' || b.name_en, null,
      'sys:tblTempExcelImport' || t.type || ':' || b.action, 2, null, 4 + (t.n - 1) * 4 + b.order_num, false, false
    from sys_menu s
    cross join (values
      ('Inbound', '入库', 'inbound', 1),
      ('Outbound', '出库', 'outbound', 2),
      ('InvAdjustment', '库存调整', 'adjustments', 3),
      ('InvMovement', '库存移动', 'movements', 4),
      ('ItemMaster', '商品', 'items', 5),
      ('ItemUom', '商品单位', 'item units', 6),
      ('Vendor', '供应商', 'vendors', 7),
      ('Zone', '库区', 'zones', 8),
      ('ZoneLoca', '库区库位', 'zone locations', 9),
      ('Location', '库位', 'locations', 10)
    ) as t(type, name, name_en, n)
    cross join (values ('view', '查看', 'View', 1), ('add', '新增', 'Add', 2), ('edit', '修改', 'Edit', 3),
      ('delete', '删除', 'Delete', 4)) as b(action, name, name_en, order_num)
    where s.url = 'Wms/ExcelImport'
      and not exists (select 1 from sys_menu e where e.perms = 'sys:tblTempExcelImport' || t.type || ':' || b.action);
  `)
    .execute(db);
}
