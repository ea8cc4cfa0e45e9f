import { type Kysely, sql } from 'kysely';

/**
 * The print log's clients (issue 24): `tbl_print_job.client_codes` holds the clients of what was printed (the cartons'
 * and orders' clients), so that a user limited to some clients of a warehouse sees only the prints of documents whose
 * every client they hold — the Deliveries list's rule. Prints recorded before are given theirs from the reference they
 * kept: carton numbers (labels), a delivery number (delivery note, dispatch list, packing list) or an order number
 * (packing list of an order without delivery).
 */
/** Gives every print its clients from the reference it kept (exported for the test that checks it). */
export const PRINT_JOB_CLIENTS_BACKFILL = `
    update tbl_print_job j set client_codes = array(
      select c.client_code from tbl_shipping_label c
      where c.wh_id = j.wh_id and (c.delivery_number = j.reference
        or (j.document_type = 'SHIP_LABEL' and c.carton_number = any(string_to_array(j.reference, ', '))))
      union
      select o.client_code from t_order o
      where o.wh_id = j.wh_id and j.document_type = 'PACKING_LIST' and o.order_number = j.reference
      order by 1)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table tbl_print_job add column client_codes varchar(30)[] not null default '{}'`).execute(db);
  await sql.raw(PRINT_JOB_CLIENTS_BACKFILL).execute(db);
}
