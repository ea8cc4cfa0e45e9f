import { type Kysely, sql } from 'kysely';

/**
 * Receiving (src/server/modules/inbound/README.md "Receiving"):
 * - A warehouse control naming a client names one of the warehouse's clients (a client with controls stays).
 * - v_receipt: receipts as the list reads them, with `adjustable` Y while receiptAdjustment and deleteReceipt may
 *   still act (status R or Q, its PO open or receiving, no inspection line, no putaway task line naming it); the
 *   services check it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    alter table t_whse_control add constraint t_whse_control_client
      foreign key (wh_id, client_code) references t_client(wh_id, client_code);

    create view v_receipt as
      select r.*,
        case when r.status in ('R', 'Q')
          and exists (select 1 from t_po_master p where p.wh_id = r.wh_id and p.po_number = r.po_number and p.status in ('O', 'R'))
          and not exists (select 1 from t_inspection_detail d where d.receipt_row_id = r.id)
          and not exists (select 1 from tbl_inv_movement_detail m where m.receipt_row_id = r.id)
        then 'Y' else 'N' end as adjustable
      from t_receipt r;
    create index tbl_inv_movement_detail_receipt on tbl_inv_movement_detail(receipt_row_id) where receipt_row_id is not null;
  `)
    .execute(db);
}
