import { sql } from 'kysely';
import type { Db } from '../db/connect';

/**
 * Demo outbound orders (first start with demo on, after the demo purchase orders): four per client and warehouse,
 * each with three lines — a lot-controlled yogurt (any lot), chips by the case, shipping cartons. The first
 * three are confirmed (C), ready for a wave; the fourth is new (N), still editable. Ship windows, carriers, priorities
 * and customers differ, so the wave-load profiles have something to choose by. Numbers come from the warehouse's
 * ORDER series, which then continues after them. A handful of set-based statements.
 */
export async function seedDemoOutboundOrders(db: Db): Promise<void> {
  await sql`
    create temporary table demo_order on commit drop as
    select c.wh_id, c.client_code, k,
      'SO' || lpad(row_number() over (partition by c.wh_id order by c.client_code, k)::text, 8, '0') as order_number,
      (array['SF', 'JD', 'ZTO', 'DEPPON'])[k] as carrier_id
    from t_client c cross join generate_series(1, 4) as k;

    insert into t_order (wh_id, client_code, order_number, display_order_number, store_order_number, type_id, status,
      priority, order_date, earliest_ship_date, latest_ship_date, carrier_id, customer_code, customer_name, customer_phone,
      ship_to_name, ship_to_phone, ship_to_addr1, ship_to_city, ship_to_state, ship_to_zip, ship_to_country_code,
      remark, create_by, confirm_by, confirm_time)
    select o.wh_id, o.client_code, o.order_number, 'WEB-' || right(o.order_number, 6), 'TM' || right(o.order_number, 8),
      case when o.k = 4 then 'SMP' else 'SO' end, case when o.k = 4 then 'N' else 'C' end,
      (array[20, 50, 50, 80])[o.k], current_date, current_date + o.k - 1, current_date + o.k + 1, o.carrier_id,
      s.code, s.name, s.phone, s.contact, s.phone, s.addr, s.city, s.state, s.zip, 'CN',
      case when o.k = 1 then '加急 Rush' end, 'admin', case when o.k < 4 then 'admin' end, case when o.k < 4 then now() end
    from demo_order o
    join (values
      (1, 'CU-HEMA', '盒马鲜生 Hema Fresh', '021-6100-0001', '李明 Li Ming', '浦东新区张江路 88 号', '上海 Shanghai', '上海 Shanghai', '201203'),
      (2, 'CU-YONGHUI', '永辉超市 Yonghui', '0591-8800-0002', '王芳 Wang Fang', '鼓楼区五四路 18 号', '福州 Fuzhou', '福建 Fujian', '350001'),
      (3, 'CU-WANG', '王先生 Mr Wang', '138-0000-0003', '王伟 Wang Wei', '朝阳区建国路 1 号', '北京 Beijing', '北京 Beijing', '100022'),
      (4, 'CU-SAMPLE', '展会样品 Trade fair samples', '0755-2600-0004', '陈静 Chen Jing', '福田区深南大道 6 号', '深圳 Shenzhen', '广东 Guangdong', '518000')
    ) as s(k, code, name, phone, contact, addr, city, state, zip) on s.k = o.k;

    -- Items per order k: 12(k−1) + 1 is a yogurt (lot-controlled), + 4 chips (ordered by the case), + 11 shipping
    -- cartons — all without attribute types, so any stock of the item serves.
    insert into t_order_detail (wh_id, order_number, line_number, item_number, qty, order_uom, customer_item_number,
      created_by)
    select o.wh_id, o.order_number, l.n, i.item_number, l.qty, case when l.offset_k = 4 then 'CS' else i.uom end,
      'C-' || right(i.item_number, 4), 'admin'
    from demo_order o
    cross join (values (1, 1, 12), (2, 4, 2), (3, 11, 20)) as l(n, offset_k, qty)
    join t_item_master i on i.wh_id = o.wh_id
      and i.item_number = o.client_code || '-' || lpad((12 * (o.k - 1) + l.offset_k)::text, 4, '0');

    insert into t_control (wh_id, control_type, description, prefix, number_length, next_value, config_display, allow_edit)
    select wh_id, 'ORDER', '出库订单号 Order numbers', 'SO', 8, count(*) + 1, '出库订单 Outbound order', 'Y'
    from demo_order group by wh_id
    on conflict (wh_id, control_type) do update set next_value = greatest(t_control.next_value, excluded.next_value);
  `.execute(db);
}
