import { type Kysely, sql } from 'kysely';

/**
 * The fill-rate report reads the orders shipped on some days by their ship day, `t_order.actual_ship_date` (set when
 * the order's last carton ships, shipping/deliveries.service.ts), through an index of the shipped orders: 60,000
 * shipped orders' month took 190 ms through their cartons and deliveries, 48 ms by the order's own date
 * (modules/reports/README.md "Bench"). Shipped orders without the date (none is shipped otherwise; a copy of older data
 * might lack it) take their last carton's ship day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update t_order o set actual_ship_date = c.shipped::date
    from (select wh_id, order_number, max(ship_time) as shipped from tbl_shipping_label where status = 'S'
      group by wh_id, order_number) c
    where o.status = 'S' and o.actual_ship_date is null and c.wh_id = o.wh_id and c.order_number = o.order_number`.execute(db);
  await sql`create index if not exists t_order_shipped on t_order (wh_id, actual_ship_date) where status = 'S'`.execute(db);
}
