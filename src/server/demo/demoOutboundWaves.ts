import { sql } from 'kysely';
import type { Db } from '../db/connect';

/**
 * Demo wave loading (first start with demo on, after the demo master data): the four wave-load profiles of the
 * registry for each client of each warehouse — orders by ship date range (from today, to in 30 days), by carrier
 * (SF Express), by client and priority (at least 50), single-line orders (at most 20) — and one wave being built per
 * warehouse, numbered from the warehouse's WAVE series.
 */
export async function seedDemoOutboundWaves(db: Db): Promise<void> {
  await sql`
    insert into t_afa_profile (wh_id, client_code, profile_name, profile_descrip, function_name,
      parameter_label1, parameter1, parameter_required1, parameter_label2, parameter2, parameter_required2,
      parameter_label3, parameter3, parameter_required3)
    select c.wh_id, c.client_code, c.client_code || '-' || p.suffix, p.descrip, p.fn,
      p.label1, p.value1, p.required1, p.label2, p.value2, 'N', p.label3, p.value3, 'N'
    from t_client c cross join (values
      ('SHIPDATE', '按发货日期选单 Orders by ship date', 'ORDERS_BY_SHIP_DATE', 'SHIP_DATE_FROM',
        to_char(current_date, 'YYYY-MM-DD'), 'Y', 'SHIP_DATE_TO', to_char(current_date + 30, 'YYYY-MM-DD'), 'MAX_ORDERS', '100'),
      ('CARRIER', '按承运商选单 Orders by carrier', 'ORDERS_BY_CARRIER', 'CARRIER', 'SF', 'Y', 'MAX_ORDERS', '100', null, null),
      ('PRIORITY', '按优先级选单 Orders by priority', 'ORDERS_BY_PRIORITY', 'MIN_PRIORITY', '50', 'Y', 'MAX_ORDERS', '100', null, null),
      ('SINGLE', '单品单行订单 Single-line orders', 'SINGLE_LINE_ORDERS', 'MAX_ORDERS', '20', 'N', null, null, null, null)
    ) as p(suffix, descrip, fn, label1, value1, required1, label2, value2, label3, value3);

    insert into t_wave_master (wh_id, wave_id, status, sequence, priority, workers_required, override_work_type,
      staging_location, door_location, earliest_ship_date, latest_ship_date, remark, create_by)
    select c.wh_id, c.prefix || lpad(c.next_value::text, c.number_length, '0'), 'N', 1, 50, 2, 'EACHPICK', 'STG-OUT-01',
      'D03', current_date, current_date + 2, '演示波次 Demo wave', 'admin'
    from t_control c where c.control_type = 'WAVE';
    update t_control set next_value = next_value + 1 where control_type = 'WAVE';
  `.execute(db);
}

/**
 * A wave with content for a first look: when no order exists yet (the order part's demo data, when merged, seeds its
 * own first), three confirmed orders per client numbered from the ORDER series. Then, per warehouse, the
 * administrator's working set of the demo wave holds its first client's confirmed orders, and the first of them is
 * in the wave (C → W, with its wave detail and lines) — what the wave-load flow and addOrder write.
 */
export async function seedDemoWaveContent(db: Db): Promise<void> {
  await sql`
    insert into t_control (wh_id, control_type, description, prefix, number_length, next_value)
    select w.wh_id, 'ORDER', '出库单号 Order numbers', 'SO', 8, 1 from t_whse w
    on conflict (wh_id, control_type) do nothing;

    create temporary table demo_wave_order on commit drop as
    select c.wh_id, c.client_code, k,
      'SO' || lpad((ctl.next_value - 1 + row_number() over (partition by c.wh_id order by c.client_code, k))::text, 8, '0')
        as order_number
    from t_client c cross join generate_series(1, 3) as k
    join t_control ctl on ctl.wh_id = c.wh_id and ctl.control_type = 'ORDER'
    where not exists (select 1 from t_order);

    insert into t_order (wh_id, client_code, order_number, status, priority, earliest_ship_date, latest_ship_date,
      carrier_id, customer_name, ship_to_name, ship_to_phone, ship_to_addr1, ship_to_city, create_by, confirm_by, confirm_time)
    select d.wh_id, d.client_code, d.order_number, 'C', 40 + d.k * 10, current_date + d.k, current_date + d.k + 3,
      (array['SF', 'JD', 'SF'])[d.k], '演示客户 Demo customer ' || d.k, '张伟 Zhang Wei', '138 0000 000' || d.k,
      '人民路 ' || d.k || ' 号', '杭州 Hangzhou', 'admin', 'admin', now()
    from demo_wave_order d;

    insert into t_order_detail (wh_id, order_number, line_number, item_number, qty, order_uom, created_by)
    select d.wh_id, d.order_number, l.n, i.item_number, l.n * 2, i.uom, 'admin'
    from demo_wave_order d cross join generate_series(1, 2) as l(n)
    join t_item_master i on i.wh_id = d.wh_id and i.client_code = d.client_code
      and i.item_number = d.client_code || '-' || lpad((d.k * 2 + l.n)::text, 4, '0')
    where l.n = 1 or d.k <> 2;

    update t_control ctl set next_value = next_value + (select count(*) from demo_wave_order d where d.wh_id = ctl.wh_id)
    where ctl.control_type = 'ORDER';

    create temporary table demo_wave_set on commit drop as
    select nextval('t_afa_view_id')::int as view_id, w.wh_id, w.wave_id,
      (select min(c.client_code) from t_client c where c.wh_id = w.wh_id) as client_code
    from t_wave_master w where w.status = 'N';

    insert into t_afa_view_wave_order (view_id, user_id, wh_id, wave_id, client_code, order_number, add_quantity,
      header_string, profile_id)
    select s.view_id, 'admin', s.wh_id, s.wave_id, o.client_code, o.order_number,
      (select coalesce(sum(d.qty), 0) from t_order_detail d where d.wh_id = o.wh_id and d.order_number = o.order_number),
      left(concat_ws(' / ', o.ship_to_name, o.ship_to_city, o.customer_name), 300),
      (select p.id from t_afa_profile p where p.wh_id = s.wh_id and p.profile_name = s.client_code || '-SHIPDATE')
    from demo_wave_set s join t_order o on o.wh_id = s.wh_id and o.client_code = s.client_code
      and o.status = 'C' and o.wave_id is null;

    insert into t_afa_view_wave_order_line (view_order_id, view_id, user_id, wh_id, wave_id, order_number, line_number,
      item_number, lot_number, qty, order_uom, stored_attribute_id)
    select v.id, v.view_id, v.user_id, v.wh_id, v.wave_id, d.order_number, d.line_number, d.item_number, d.lot_number,
      d.qty, d.order_uom, d.stored_attribute_id
    from t_afa_view_wave_order v join t_order_detail d on d.wh_id = v.wh_id and d.order_number = v.order_number;

    create temporary table demo_wave_first on commit drop as
    select distinct on (v.wh_id) v.id, v.wh_id, v.wave_id, v.order_number, v.client_code, v.profile_id
    from t_afa_view_wave_order v order by v.wh_id, v.order_number;

    insert into t_afo_wave_detail (wh_id, wave_id, order_number, client_code, load_seq, profile_id, create_by)
    select f.wh_id, f.wave_id, f.order_number, f.client_code, 1, f.profile_id, 'admin' from demo_wave_first f;

    insert into t_afo_wave_detail_line (wave_detail_id, wh_id, order_number, line_number, item_number, lot_number,
      stored_attribute_id)
    select w.id, d.wh_id, d.order_number, d.line_number, d.item_number, d.lot_number, d.stored_attribute_id
    from t_afo_wave_detail w join t_order_detail d on d.wh_id = w.wh_id and d.order_number = w.order_number;

    update t_order o set status = 'W', wave_id = f.wave_id from demo_wave_first f
    where o.wh_id = f.wh_id and o.order_number = f.order_number;
    update t_afa_view_wave_order v set add_wave_status = 'W', target_wave = f.wave_id from demo_wave_first f
    where v.id = f.id;
  `.execute(db);
}
