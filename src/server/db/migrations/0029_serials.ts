import { type Kysely, sql } from 'kysely';

/**
 * Serial numbers (issue 26 item 4; src/server/modules/serials/README.md). The serial master `tbl_sn_master` is the one
 * place a serial's state lives, `tbl_sn_history` the log of every event that changed it:
 * - tbl_sn_master gains the rest of where a serial is (client, pallet, carton, delivery, the receipt row that brought
 *   it in) and who changed it last; its status is one of IN (in the warehouse, at location/pallet), HOLD, OUT (left:
 *   shipped with order, carton and delivery, or adjusted out). Looked up by serial alone (the look-up screen), by carton
 *   (ship) and by ledger place (pick, move).
 * - tbl_sn_history: one row per serial and event (RECEIVE, RECEIVE_DELETE, PUTAWAY, MOVE, PICK, PACK, SHIP, ADJUST_IN,
 *   ADJUST_OUT): the state after it, where, the document (type, number, line) and who.
 * - adjustment lines name their serials (`serial_numbers`, the units that leave or arrive).
 * - the look-up screen (`Wms/SerialLookup`, `sys:tblSnHistory:view`) for databases seeded before this migration.
 */
export interface SerialStep {
  /** The quantity step the serial step follows, and its action (the seeded one). */
  after: string;
  afterExec: string;
  step: string;
  exec: string;
  /** The branch of the quantity step that leads to the serial step, and the serial step's own loop. */
  branch: 'dynamic_process_name1' | 'dynamic_process_name2';
  /** Its headers (at most five), the last one the serial count. */
  headers: readonly string[];
  texts: Record<string, readonly [zh: string, en: string]>;
}

/** The RECEIVE and PICK serial steps, as the demo seed defines them (src/server/demo/demoRf.ts). */
const SERIAL_STEPS: readonly SerialStep[] = [
  {
    after: 'RCV_QTY',
    afterExec: 'receive.qty',
    step: 'RCV_SN',
    exec: 'receive.serial',
    branch: 'dynamic_process_name1',
    headers: ['RCV_H_PO', 'RCV_H_ITEM', 'RCV_H_QTY', 'RCV_H_SN'],
    texts: {
      RCV_H_SN: ['序列号 {serialCount}/{serialsNeeded}', 'Serials {serialCount}/{serialsNeeded}'],
      RCV_P_SN: ['扫描序列号或商品 GS1 标签', 'Scan the serial or the item’s GS1 label'],
    },
  },
  {
    after: 'PCK_QTY',
    afterExec: 'pick.confirm',
    step: 'PCK_SN',
    exec: 'pick.serial',
    branch: 'dynamic_process_name2',
    headers: ['PCK_H_TASK', 'PCK_H_LOC', 'PCK_H_ITEM', 'PCK_H_QTY', 'PCK_H_SN'],
    texts: {
      PCK_H_SN: ['序列号 {serialCount}/{serialsNeeded}', 'Serials {serialCount}/{serialsNeeded}'],
      PCK_P_SN: ['扫描所拣商品的序列号', 'Scan the serial of each unit picked'],
    },
  },
];

/**
 * A flow configured before this migration gains the serial step where it has the seeded quantity step: its texts, the
 * dialog and its Back / Exit keys for every warehouse and client that has the quantity step, and the main-process rows
 * (the quantity step's branch to it, unless that branch is taken; the step's own: success as the quantity step's, its
 * branch looping on itself, branch 1 of PICK as the quantity step's).
 */
export function serialStep(s: SerialStep): string {
  const prompt = Object.keys(s.texts)[1] as string;
  const headers = Array.from({ length: 5 }, (_, i) => (s.headers[i] ? `'${s.headers[i]}'` : 'null')).join(', ');
  const texts = Object.entries(s.texts)
    .flatMap(([name, [zh, en]]) => {
      const type = name === prompt ? 'prompt' : 'header';
      return [`('${name}', '${type}', '${zh}', '2052')`, `('${name}', '${type}', '${en}', '1033')`];
    })
    .join(', ');
  return `
    insert into rf_process_resource (name, type, text, locale_id)
    select r.name, r.type, r.text, r.locale_id from (values ${texts}) as r(name, type, text, locale_id)
    where exists (select 1 from rf_sub_process_detail q where q.dialog_exec_sp = '${s.afterExec}')
    on conflict (name, type, locale_id) do nothing;
    insert into rf_sub_process_detail (wh_id, client_code, sub_process_name, process_version, process_description,
      dialog_title, dialog_header1, dialog_header2, dialog_header3, dialog_header4, dialog_header5, dialog_prompt,
      dialog_input_field, dialog_exec_sp)
    select q.wh_id, q.client_code, '${s.step}', '1', q.process_description || ' ${s.step}', q.dialog_title,
      ${headers}, '${prompt}', 'serialScan', '${s.exec}'
    from rf_sub_process_detail q where q.sub_process_name = '${s.after}' and q.dialog_exec_sp = '${s.afterExec}'
    on conflict (wh_id, client_code, sub_process_name) do nothing;
    insert into rf_sub_process_option (wh_id, client_code, sub_process_name, dialog_option_name, dialog_option_description,
      function_key, next_sub_process_name)
    select o.wh_id, o.client_code, '${s.step}', o.dialog_option_name, o.dialog_option_description, o.function_key,
      case when o.function_key = 'BACK' then '${s.after}' else o.next_sub_process_name end
    from rf_sub_process_option o where o.sub_process_name = '${s.after}' and o.function_key in ('BACK', 'DONE')
      and exists (select 1 from rf_sub_process_detail d where d.wh_id = o.wh_id and d.client_code = o.client_code
        and d.sub_process_name = '${s.step}')
    on conflict (wh_id, client_code, sub_process_name, function_key) do nothing;
    insert into rf_main_process_detail (main_process_name, sub_process_name, success_next_process_name,
      dynamic_process_name1, dynamic_process_name2)
    select m.main_process_name, '${s.step}', m.success_next_process_name,
      ${s.branch === 'dynamic_process_name1' ? `'${s.step}', null` : `m.dynamic_process_name1, '${s.step}'`}
    from rf_main_process_detail m where m.sub_process_name = '${s.after}' and m.${s.branch} is null
      and exists (select 1 from rf_sub_process_detail d where d.sub_process_name = '${s.step}')
    on conflict (main_process_name, sub_process_name) do nothing;
    update rf_main_process_detail m set ${s.branch} = '${s.step}'
    where m.sub_process_name = '${s.after}' and m.${s.branch} is null
      and exists (select 1 from rf_main_process_detail x where x.sub_process_name = '${s.step}'
        and x.main_process_name = m.main_process_name);`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    alter table tbl_sn_master
      add column client_code varchar(30),
      add column hu_id varchar(50),
      add column carton_number varchar(30),
      add column delivery_number varchar(30),
      add column receipt_row_id integer,
      add column update_by varchar(50);
    alter table tbl_sn_master add constraint tbl_sn_master_status check (status in ('IN', 'HOLD', 'OUT'));
    -- (wh_id, serial_number) is indexed by 0028_trace (tbl_sn_master_serial).
    create index tbl_sn_master_carton on tbl_sn_master (wh_id, carton_number) where carton_number is not null;
    create index tbl_sn_master_place on tbl_sn_master (wh_id, item_number, location_id) where status = 'IN';

    create table tbl_sn_history (
      id bigserial primary key,
      wh_id varchar(20) not null,
      item_number varchar(50) not null,
      serial_number varchar(60) not null,
      event varchar(20) not null,
      status varchar(10) not null check (status in ('IN', 'HOLD', 'OUT')),
      location_id varchar(30),
      hu_id varchar(50),
      lot_number varchar(50),
      order_number varchar(50),
      carton_number varchar(30),
      delivery_number varchar(30),
      document_type varchar(20) not null,
      document_number varchar(50) not null,
      line_number integer,
      employee_id varchar(50) not null,
      event_time timestamptz not null default now()
    );
    create index tbl_sn_history_serial on tbl_sn_history (wh_id, serial_number, id);
    create index tbl_sn_history_document on tbl_sn_history (wh_id, document_number);

    alter table tbl_inv_adjustment_detail add column serial_numbers varchar(4000);

    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select p.id, '序列号查询', 'Serial look-up', 'Wms/SerialLookup', null, 1, null,
      (select count(*) from sys_menu c where c.parent_id = p.id)::int + 1, false, false
    from sys_menu p where p.name_en = 'Inventory' and p.parent_id = 0
      and not exists (select 1 from sys_menu e where e.url = 'Wms/SerialLookup');
    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select s.id, '序列号查询-查看', 'Serial look-up: View', null, 'sys:tblSnHistory:view', 2, null, 1, false, false
    from sys_menu s where s.url = 'Wms/SerialLookup'
      and not exists (select 1 from sys_menu e where e.perms = 'sys:tblSnHistory:view');

    ${SERIAL_STEPS.map(serialStep).join('\n')}
  `)
    .execute(db);
}
