import { type Kysely, sql } from 'kysely';

/**
 * Excel import (issue 17; src/server/modules/imports/README.md): the ten staging tables of spec 001 §3, one per import
 * type. A row keeps the sheet's values as typed (text, at most 500 characters), so that a bad value is stored and shown
 * in the preview; `wh_id` is the warehouse chosen on the screen (grants), `group_id` one file and its re-imports (from
 * `tbl_temp_excel_import_group_seq`, shared by the ten tables), `row_number` the sheet row, `import_status` N new /
 * E error / V valid / S committed. The Excel import screen gains view / add / edit / delete buttons per import type
 * (`sys:tblTempExcelImport<Type>:*`) for databases seeded before this migration (a new one has them from the menu tree).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    create sequence tbl_temp_excel_import_group_seq;

    create table tbl_temp_excel_import_inbound (
      id bigserial primary key,
      wh_id varchar(20) not null,
      group_id bigint not null,
      row_number integer not null check (row_number > 0),
      import_status char(1) not null default 'N' check (import_status in ('N', 'E', 'V', 'S')),
      error_msg varchar(2000),
      po_number varchar(500),
      client_code varchar(500),
      type_id varchar(500),
      vendor_code varchar(500),
      expected_date varchar(500),
      remark varchar(500),
      line_number varchar(500),
      item_number varchar(500),
      qty varchar(500),
      order_uom varchar(500),
      lot_number varchar(500),
      delivery_date varchar(500),
      vendor_item_number varchar(500),
      create_date timestamptz not null default now(),
      create_by varchar(50),
      update_time timestamptz not null default now(),
      unique (group_id, row_number)
    );
    create index tbl_temp_excel_import_inbound_status on tbl_temp_excel_import_inbound (group_id, import_status);
    create index tbl_temp_excel_import_inbound_wh on tbl_temp_excel_import_inbound (wh_id, group_id);

    create table tbl_temp_excel_import_outbound (
      id bigserial primary key,
      wh_id varchar(20) not null,
      group_id bigint not null,
      row_number integer not null check (row_number > 0),
      import_status char(1) not null default 'N' check (import_status in ('N', 'E', 'V', 'S')),
      error_msg varchar(2000),
      order_number varchar(500),
      client_code varchar(500),
      type_id varchar(500),
      order_date varchar(500),
      priority varchar(500),
      latest_ship_date varchar(500),
      carrier_id varchar(500),
      customer_code varchar(500),
      customer_name varchar(500),
      ship_to_name varchar(500),
      ship_to_phone varchar(500),
      ship_to_addr1 varchar(500),
      ship_to_city varchar(500),
      line_number varchar(500),
      item_number varchar(500),
      qty varchar(500),
      order_uom varchar(500),
      lot_number varchar(500),
      create_date timestamptz not null default now(),
      create_by varchar(50),
      update_time timestamptz not null default now(),
      unique (group_id, row_number)
    );
    create index tbl_temp_excel_import_outbound_status on tbl_temp_excel_import_outbound (group_id, import_status);
    create index tbl_temp_excel_import_outbound_wh on tbl_temp_excel_import_outbound (wh_id, group_id);

    create table tbl_temp_excel_import_inv_adjustment (
      id bigserial primary key,
      wh_id varchar(20) not null,
      group_id bigint not null,
      row_number integer not null check (row_number > 0),
      import_status char(1) not null default 'N' check (import_status in ('N', 'E', 'V', 'S')),
      error_msg varchar(2000),
      task_ref varchar(500),
      reason_id varchar(500),
      description varchar(500),
      item_number varchar(500),
      location_id varchar(500),
      qty varchar(500),
      uom varchar(500),
      lot_number varchar(500),
      expiration_date varchar(500),
      hu_id varchar(500),
      line_remark varchar(500),
      create_date timestamptz not null default now(),
      create_by varchar(50),
      update_time timestamptz not null default now(),
      unique (group_id, row_number)
    );
    create index tbl_temp_excel_import_inv_adjustment_status on tbl_temp_excel_import_inv_adjustment (group_id, import_status);
    create index tbl_temp_excel_import_inv_adjustment_wh on tbl_temp_excel_import_inv_adjustment (wh_id, group_id);

    create table tbl_temp_excel_import_inv_movement (
      id bigserial primary key,
      wh_id varchar(20) not null,
      group_id bigint not null,
      row_number integer not null check (row_number > 0),
      import_status char(1) not null default 'N' check (import_status in ('N', 'E', 'V', 'S')),
      error_msg varchar(2000),
      task_ref varchar(500),
      description varchar(500),
      item_number varchar(500),
      source_location_id varchar(500),
      dest_location_id varchar(500),
      qty varchar(500),
      uom varchar(500),
      lot_number varchar(500),
      expiration_date varchar(500),
      hu_id varchar(500),
      line_remark varchar(500),
      create_date timestamptz not null default now(),
      create_by varchar(50),
      update_time timestamptz not null default now(),
      unique (group_id, row_number)
    );
    create index tbl_temp_excel_import_inv_movement_status on tbl_temp_excel_import_inv_movement (group_id, import_status);
    create index tbl_temp_excel_import_inv_movement_wh on tbl_temp_excel_import_inv_movement (wh_id, group_id);

    create table tbl_temp_excel_import_item_master (
      id bigserial primary key,
      wh_id varchar(20) not null,
      group_id bigint not null,
      row_number integer not null check (row_number > 0),
      import_status char(1) not null default 'N' check (import_status in ('N', 'E', 'V', 'S')),
      error_msg varchar(2000),
      client_code varchar(500),
      item_number varchar(500),
      description varchar(500),
      uom varchar(500),
      lot_control varchar(500),
      serial_control varchar(500),
      is_special_size varchar(500),
      use_xcarton varchar(500),
      default_carton_type varchar(500),
      status varchar(500),
      display_item_number varchar(500),
      inventory_type varchar(500),
      shelf_life varchar(500),
      item_category varchar(500),
      price varchar(500),
      upc varchar(500),
      unit_weight varchar(500),
      unit_volume varchar(500),
      length varchar(500),
      width varchar(500),
      height varchar(500),
      sample_rate varchar(500),
      item_type_id varchar(500),
      class_id varchar(500),
      attribute_collection_id varchar(500),
      create_date timestamptz not null default now(),
      create_by varchar(50),
      update_time timestamptz not null default now(),
      unique (group_id, row_number)
    );
    create index tbl_temp_excel_import_item_master_status on tbl_temp_excel_import_item_master (group_id, import_status);
    create index tbl_temp_excel_import_item_master_wh on tbl_temp_excel_import_item_master (wh_id, group_id);

    create table tbl_temp_excel_import_item_uom (
      id bigserial primary key,
      wh_id varchar(20) not null,
      group_id bigint not null,
      row_number integer not null check (row_number > 0),
      import_status char(1) not null default 'N' check (import_status in ('N', 'E', 'V', 'S')),
      error_msg varchar(2000),
      item_number varchar(500),
      uom varchar(500),
      conversion_factor varchar(500),
      uom_prompt varchar(500),
      pick_put_id varchar(500),
      uom_weight varchar(500),
      length varchar(500),
      width varchar(500),
      height varchar(500),
      package_weight varchar(500),
      status varchar(500),
      create_date timestamptz not null default now(),
      create_by varchar(50),
      update_time timestamptz not null default now(),
      unique (group_id, row_number)
    );
    create index tbl_temp_excel_import_item_uom_status on tbl_temp_excel_import_item_uom (group_id, import_status);
    create index tbl_temp_excel_import_item_uom_wh on tbl_temp_excel_import_item_uom (wh_id, group_id);

    create table tbl_temp_excel_import_vendor (
      id bigserial primary key,
      wh_id varchar(20) not null,
      group_id bigint not null,
      row_number integer not null check (row_number > 0),
      import_status char(1) not null default 'N' check (import_status in ('N', 'E', 'V', 'S')),
      error_msg varchar(2000),
      vendor_code varchar(500),
      vendor_name varchar(500),
      contact varchar(500),
      phone varchar(500),
      email varchar(500),
      addr1 varchar(500),
      city varchar(500),
      state varchar(500),
      zip varchar(500),
      country_code varchar(500),
      create_date timestamptz not null default now(),
      create_by varchar(50),
      update_time timestamptz not null default now(),
      unique (group_id, row_number)
    );
    create index tbl_temp_excel_import_vendor_status on tbl_temp_excel_import_vendor (group_id, import_status);
    create index tbl_temp_excel_import_vendor_wh on tbl_temp_excel_import_vendor (wh_id, group_id);

    create table tbl_temp_excel_import_zone (
      id bigserial primary key,
      wh_id varchar(20) not null,
      group_id bigint not null,
      row_number integer not null check (row_number > 0),
      import_status char(1) not null default 'N' check (import_status in ('N', 'E', 'V', 'S')),
      error_msg varchar(2000),
      zone varchar(500),
      description varchar(500),
      zone_type varchar(500),
      overflow_zone varchar(500),
      create_date timestamptz not null default now(),
      create_by varchar(50),
      update_time timestamptz not null default now(),
      unique (group_id, row_number)
    );
    create index tbl_temp_excel_import_zone_status on tbl_temp_excel_import_zone (group_id, import_status);
    create index tbl_temp_excel_import_zone_wh on tbl_temp_excel_import_zone (wh_id, group_id);

    create table tbl_temp_excel_import_zone_loca (
      id bigserial primary key,
      wh_id varchar(20) not null,
      group_id bigint not null,
      row_number integer not null check (row_number > 0),
      import_status char(1) not null default 'N' check (import_status in ('N', 'E', 'V', 'S')),
      error_msg varchar(2000),
      zone varchar(500),
      location_id varchar(500),
      pick_seq varchar(500),
      create_date timestamptz not null default now(),
      create_by varchar(50),
      update_time timestamptz not null default now(),
      unique (group_id, row_number)
    );
    create index tbl_temp_excel_import_zone_loca_status on tbl_temp_excel_import_zone_loca (group_id, import_status);
    create index tbl_temp_excel_import_zone_loca_wh on tbl_temp_excel_import_zone_loca (wh_id, group_id);

    create table tbl_temp_excel_import_location (
      id bigserial primary key,
      wh_id varchar(20) not null,
      group_id bigint not null,
      row_number integer not null check (row_number > 0),
      import_status char(1) not null default 'N' check (import_status in ('N', 'E', 'V', 'S')),
      error_msg varchar(2000),
      location_id varchar(500),
      description varchar(500),
      short_location_id varchar(500),
      status varchar(500),
      type varchar(500),
      hu_flag varchar(500),
      item_hu_indicator varchar(500),
      zone varchar(500),
      picking_flow varchar(500),
      pick_area varchar(500),
      capacity_uom varchar(500),
      capacity_qty varchar(500),
      capacity_volume varchar(500),
      cycle_count_class varchar(500),
      length varchar(500),
      width varchar(500),
      height varchar(500),
      create_date timestamptz not null default now(),
      create_by varchar(50),
      update_time timestamptz not null default now(),
      unique (group_id, row_number)
    );
    create index tbl_temp_excel_import_location_status on tbl_temp_excel_import_location (group_id, import_status);
    create index tbl_temp_excel_import_location_wh on tbl_temp_excel_import_location (wh_id, group_id);

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
