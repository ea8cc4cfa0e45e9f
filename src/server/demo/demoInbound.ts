import { sql } from 'kysely';
import type { Db } from '../db/connect';

/**
 * Demo purchase orders (first start with demo on, after the demo master data): four per client and warehouse, each
 * with three lines — a lot-controlled item with its expected lot, an apparel item with colour and size attributes
 * (its stored attribute id resolved like a saved line's), and cartons ordered by the case. The fourth PO is cancelled;
 * the others are open, so the receiving desk has work. Numbers come from the warehouse's PO series, which then
 * continues after them. A handful of set-based statements.
 */
export async function seedDemoInbound(db: Db): Promise<void> {
  await sql`
    create temporary table demo_po on commit drop as
    select c.wh_id, c.client_code, k,
      'PO' || lpad(row_number() over (partition by c.wh_id order by c.client_code, k)::text, 8, '0') as po_number,
      (array['V-MENGNIU', 'V-LIANFA', 'V-PACKRITE', 'V-NONGFU'])[k] as vendor_code,
      current_date + k * 3 as expected_date
    from t_client c cross join generate_series(1, 4) as k;

    insert into t_po_master (wh_id, client_code, po_number, type_id, vendor_code, status, expected_date, closed_date,
      ship_from_name, ship_from_addr1, ship_from_city, ship_from_state, ship_from_zip, ship_from_country_code, ship_from_phone,
      appointment_number, appointment_status, carrier_scac, carrier_mode, remark, create_by, close_by)
    select p.wh_id, p.client_code, p.po_number, case when p.k = 3 then 'CON' else 'STD' end, p.vendor_code,
      case when p.k = 4 then 'X' else 'O' end, p.expected_date, case when p.k = 4 then current_date end,
      v.vendor_name, v.addr1, v.city, v.state, v.zip, v.country_code, v.phone,
      case when p.k = 1 then 'AP' || right(p.po_number, 4) end, case when p.k = 1 then 'S' else 'N' end,
      (array['SFEX', 'DBLG', 'JDLG', 'ZTOE'])[p.k], (array['PARCEL', 'LTL', 'PARCEL', 'PARCEL'])[p.k],
      case when p.k = 4 then '供应商停产 Vendor discontinued' end, 'admin', case when p.k = 4 then 'admin' end
    from demo_po p join t_vendor v on v.wh_id = p.wh_id and v.vendor_code = p.vendor_code;

    -- The apparel lines' colour and size, stored once per combination like a saved line's.
    insert into t_stored_attribute (wh_id, attribute_collection_id, generic_attr_value1, generic_attr_value2)
    select distinct w.wh_id, 'APPAREL', a.colour, a.size from t_whse w
    cross join (values ('红 Red', 'M'), ('蓝 Blue', 'L'), ('黑 Black', 'S'), ('白 White', 'XL')) as a(colour, size)
    on conflict do nothing;

    -- Items per PO k: 48+12(k−1)+1 is a yogurt (lot-controlled), +6 a T-shirt (apparel attributes), +11 cartons — items
    -- 49–95, clear of the low numbers the tests and the walkthroughs use.
    insert into t_po_detail (wh_id, po_number, line_number, item_number, qty, vendor_item_number, delivery_date,
      originator, order_uom, lot_number, stored_attribute_id, generic_attr_value1, generic_attr_value2, created_by)
    select p.wh_id, p.po_number, l.n, i.item_number, l.qty, p.vendor_code || '-' || right(i.item_number, 4), p.expected_date,
      '采购部 Purchasing', case when l.n = 3 then 'CS' else i.uom end,
      case when i.lot_control = 'Y' then 'L' || to_char(p.expected_date, 'YYMMDD') end,
      s.id, s.generic_attr_value1, s.generic_attr_value2, 'admin'
    from demo_po p
    cross join (values (1, 1, 240), (2, 6, 60), (3, 11, 10)) as l(n, offset_k, qty)
    join t_item_master i on i.wh_id = p.wh_id
      and i.item_number = p.client_code || '-' || lpad((48 + 12 * (p.k - 1) + l.offset_k)::text, 4, '0')
    left join t_stored_attribute s on i.attribute_collection_id = 'APPAREL' and s.wh_id = p.wh_id
      and s.attribute_collection_id = 'APPAREL' and s.generic_attr_value3 is null
      and s.generic_attr_value1 = (array['红 Red', '蓝 Blue', '黑 Black', '白 White'])[p.k]
      and s.generic_attr_value2 = (array['M', 'L', 'S', 'XL'])[p.k];

    insert into t_control (wh_id, control_type, description, prefix, number_length, next_value, config_display, allow_edit)
    select wh_id, 'PO', '采购订单号 PO numbers', 'PO', 8, count(*) + 1, '采购订单 Purchase order', 'Y'
    from demo_po group by wh_id
    on conflict (wh_id, control_type) do update set next_value = greatest(t_control.next_value, excluded.next_value);
  `.execute(db);
}
