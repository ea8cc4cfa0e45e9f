import { sql } from 'kysely';
import type { Db } from '../db/connect';

/**
 * Demo master data for both demo warehouses, one set-based statement per table (first start stays fast):
 * zones of every type, ~520 locations per warehouse of every type (F/S/I/M, items and pallets), 300 items (lot
 * control with shelf life, attribute collections, two or three units each), vendors, carriers, carton types,
 * reason codes, dock doors with staging locations, work types, number series, printers and serial numbers.
 * Names carry both languages where the console shows them ("冷藏区 Chilled zone").
 */
export async function seedDemoMasterdata(db: Db): Promise<void> {
  await sql`
    insert into t_whse_control (wh_id, control_name, control_value, description)
    select w.wh_id, c.name, c.value, c.description
    from t_whse w cross join (values
      ('DEFAULT_RECEIVE_LOCATION', 'STG-IN-01', '默认收货库位 Default receiving location'),
      ('DEFAULT_SHIP_STAGING', 'STG-OUT-01', '默认发货暂存位 Default shipping staging'),
      ('OVER_RECEIPT_PCT', '0', '超收允差（%） Over-receipt tolerance (%)'),
      ('EXPIRY_WARNING_DAYS', '30', '临期预警天数 Days before expiry to warn'),
      ('MIN_SHELF_LIFE_DAYS', '0', '最短剩余保质期（天） Minimum remaining shelf life (days)')
    ) as c(name, value, description);

    -- One client's own over-receipt tolerance: ACME may receive 5 % over the ordered quantity.
    insert into t_whse_control (wh_id, control_name, client_code, control_value, description)
    select c.wh_id, 'OVER_RECEIPT_PCT', c.client_code, '5', '超收允差（%） Over-receipt tolerance (%)'
    from t_client c where c.client_code = 'ACME';

    insert into t_control (wh_id, control_type, description, prefix, number_length, next_value, config_display, allow_edit)
    select w.wh_id, c.type, c.description, c.prefix, 8, 1, c.display, c.allow_edit
    from t_whse w cross join (values
      ('RECEIPT', '收货单号 Receipt numbers', 'RC', '收货单 Receipt', 'Y'),
      ('WAVE', '波次号 Wave numbers', 'WV', '波次 Wave', 'Y'),
      ('CARTON', '箱号 Carton numbers', 'CT', '箱号 Carton', 'N'),
      ('DELIVERY', '交接单号 Delivery numbers', 'DL', '交接单 Delivery', 'Y'),
      ('TASK', '任务号 Task numbers', 'TK', '任务 Task', 'N')
    ) as c(type, description, prefix, display, allow_edit);

    insert into t_item_type (wh_id, item_type_id, description)
    select w.wh_id, t.id, t.description from t_whse w cross join (values
      ('FG', '成品 Finished goods'), ('RM', '原材料 Raw material'), ('PKG', '包材 Packaging')
    ) as t(id, description);

    insert into t_item_class (wh_id, class_id, item_type_id, description)
    select w.wh_id, c.id, c.type, c.description from t_whse w cross join (values
      ('DAIRY', 'FG', '乳制品 Dairy'), ('BEV', 'FG', '饮料 Beverages'), ('SNACK', 'FG', '零食 Snacks'),
      ('APPAREL', 'FG', '服装 Apparel'), ('ELEC', 'FG', '电子产品 Electronics'), ('BOX', 'PKG', '纸箱 Cartons')
    ) as c(id, type, description);

    insert into t_attribute_collection (wh_id, attribute_collection_id, description, attribute_type1, attribute_type2, attribute_type3)
    select w.wh_id, a.id, a.description, a.t1, a.t2, a.t3 from t_whse w cross join (values
      ('APPAREL', '服装属性 Apparel attributes', '颜色 Colour', '尺码 Size', null),
      ('ELEC', '电子产品属性 Electronics attributes', '型号 Model', '产地 Origin', '版本 Version'),
      ('FOOD', '食品属性 Food attributes', '产地 Origin', null, null)
    ) as a(id, description, t1, t2, t3);

    insert into t_zone (wh_id, zone, description, zone_type)
    select w.wh_id, z.zone, z.description, z.type from t_whse w cross join (values
      ('AMB', '常温区 Ambient zone', 'A'), ('CHL', '冷藏区 Chilled zone', 'A'), ('HV', '高值区 High-value zone', 'A'),
      ('PAL', '整托区 Pallet zone', 'A'), ('STG', '暂存区 Staging zone', 'A'), ('DMG', '残次品区 Damaged goods zone', 'D'),
      ('QC', '待检区 Inspection zone', 'Q'), ('RET', '退货区 Returns zone', 'Q')
    ) as z(zone, description, type);
    update t_zone set overflow_zone = 'AMB' where zone = 'PAL';

    -- Location id <aisle>-<bay>-<level>; blocks per zone: type, what it holds, count class, aisles, bays, levels.
    insert into t_location (wh_id, location_id, description, short_location_id, type, hu_flag, item_hu_indicator, zone,
      picking_flow, capacity_uom, capacity_qty, cycle_count_class, capacity_volume, length, width, height, pick_area)
    select w.wh_id,
      b.prefix || lpad(a::text, 2, '0') || '-' || lpad(bay::text, 2, '0') || '-' || lv::text,
      b.description, b.short || lpad(a::text, 2, '0') || lpad(bay::text, 2, '0') || lv::text,
      b.type, case when b.hu = 'H' then 'Y' else 'N' end, b.hu, b.zone,
      b.flow_base + a * 1000 + bay * 10 + lv, b.uom, b.capacity, b.class, b.volume, b.length, b.width, b.height, b.pick_area
    from t_whse w
    cross join (values
      ('P', '整托货架 Pallet rack', 'P', 'F', 'H', 'PAL', 100000, 'PL', 1, 'C', 1.728, 1.2, 1.0, 1.44, 'PAL', 4, 20, 3),
      ('A', '常温货架 Shelving', 'A', 'M', 'I', 'AMB', 200000, 'EA', 500, 'B', 0.5, 1.0, 0.5, 1.0, 'AMB', 4, 20, 2),
      ('C', '冷藏货架 Chilled shelving', 'C', 'I', 'I', 'CHL', 300000, 'EA', 300, 'A', 0.3, 1.0, 0.5, 0.6, 'CHL', 2, 15, 2),
      ('H', '高值笼 Secure cage', 'H', 'I', 'I', 'HV', 400000, 'EA', 100, 'A', 0.1, 0.6, 0.4, 0.4, 'HV', 1, 10, 2),
      ('D', '残次品位 Damaged goods', 'D', 'M', 'I', 'DMG', 500000, 'EA', 1000, 'C', 1.0, 1.2, 1.0, 1.0, 'DMG', 1, 10, 1),
      ('Q', '待检位 Inspection', 'Q', 'M', 'H', 'QC', 600000, 'PL', 4, 'C', 4.0, 2.4, 2.0, 1.2, 'QC', 1, 10, 1)
    ) as b(prefix, description, short, type, hu, zone, flow_base, uom, capacity, class, volume, length, width, height, pick_area,
           aisles, bays, levels)
    cross join lateral generate_series(1, b.aisles) as a
    cross join lateral generate_series(1, b.bays) as bay
    cross join lateral generate_series(1, b.levels) as lv;

    -- Staging lanes at the dock doors, inbound and outbound.
    insert into t_location (wh_id, location_id, description, short_location_id, type, hu_flag, item_hu_indicator, zone,
      picking_flow, capacity_uom, capacity_qty, cycle_count_class, pick_area)
    select w.wh_id, 'STG-' || d.dir || '-' || lpad(n::text, 2, '0'), d.description, 'S' || left(d.dir, 1) || lpad(n::text, 2, '0'),
      'S', 'Y', 'H', 'STG', 700000 + n, 'PL', 20, 'C', 'STG'
    from t_whse w
    cross join (values ('IN', '收货暂存 Inbound staging'), ('OUT', '发货暂存 Outbound staging')) as d(dir, description)
    cross join generate_series(1, 10) as n;

    -- Pick paths of the shelving zones (pallet locations are reached by forklift, outside pick paths).
    insert into t_zone_loca (wh_id, zone, location_id, pick_seq)
    select wh_id, zone, location_id, row_number() over (partition by wh_id, zone order by picking_flow)
    from t_location where zone in ('AMB', 'CHL', 'HV');

    insert into t_vendor (wh_id, vendor_code, vendor_name, contact, phone, email, addr1, city, state, zip, country_code)
    select w.wh_id, v.code, v.name, v.contact, v.phone, v.email, v.addr, v.city, v.state, v.zip, v.country
    from t_whse w cross join (values
      ('V-MENGNIU', '蒙牛乳业 Mengniu Dairy', '张伟 Zhang Wei', '0471-555-0101', 'sales@mengniu.example', '和林格尔盛乐经济园区', '呼和浩特 Hohhot', '内蒙古 Inner Mongolia', '011500', 'CN'),
      ('V-NONGFU', '农夫山泉 Nongfu Spring', '刘洋 Liu Yang', '0571-555-0102', 'b2b@nongfu.example', '西湖区葛衙庄 181 号', '杭州 Hangzhou', '浙江 Zhejiang', '310024', 'CN'),
      ('V-LIANFA', '联发服饰 Lianfa Garments', '陈敏 Chen Min', '0512-555-0103', 'orders@lianfa.example', '工业园区星湖街 8 号', '苏州 Suzhou', '江苏 Jiangsu', '215000', 'CN'),
      ('V-SHENGDA', '盛达电子 Shengda Electronics', '黄磊 Huang Lei', '0755-555-0104', 'supply@shengda.example', '宝安区福永街道 12 号', '深圳 Shenzhen', '广东 Guangdong', '518103', 'CN'),
      ('V-PACKRITE', '包装之家 Packrite Packaging', 'Mark Evans', '+1-555-0105', 'mark@packrite.example', '400 Harbor Blvd', 'Long Beach', 'CA', '90802', 'US')
    ) as v(code, name, contact, phone, email, addr, city, state, zip, country);

    insert into t_carrier (wh_id, carrier_code, carrier_name, status, scac_code, transport_mode, contact_name, phone)
    select w.wh_id, c.code, c.name, c.status, c.scac, c.mode, c.contact, c.phone
    from t_whse w cross join (values
      ('SF', '顺丰速运 SF Express', 'A', 'SFEX', 'PARCEL', '客服 Service desk', '95338'),
      ('JD', '京东物流 JD Logistics', 'A', 'JDLG', 'PARCEL', '客服 Service desk', '950616'),
      ('ZTO', '中通快递 ZTO Express', 'A', 'ZTOE', 'PARCEL', '客服 Service desk', '95311'),
      ('DEPPON', '德邦物流 Deppon Logistics', 'A', 'DBLG', 'LTL', '调度 Dispatch', '95353'),
      ('COSCO', '中远海运 COSCO Shipping', 'I', 'COSU', 'OCEAN', '订舱 Booking', '400-820-1818')
    ) as c(code, name, status, scac, mode, contact, phone);

    insert into tbl_carton_type (wh_id, carton_type, description, length, width, height, max_weight, tare_weight)
    select w.wh_id, c.type, c.description, c.l, c.w, c.h, c.max_w, c.tare from t_whse w cross join (values
      ('S', '小号纸箱 Small carton', 0.3, 0.2, 0.15, 5, 0.2), ('M', '中号纸箱 Medium carton', 0.4, 0.3, 0.25, 12, 0.35),
      ('L', '大号纸箱 Large carton', 0.6, 0.4, 0.4, 20, 0.6), ('XL', '特大纸箱 Extra-large carton', 0.8, 0.6, 0.5, 30, 0.9),
      ('PB', '快递袋 Paper bag', 0.35, 0.25, 0.05, 2, 0.05)
    ) as c(type, description, l, w, h, max_w, tare);

    insert into t_reason (wh_id, reason_type, reason_id, description)
    select w.wh_id, r.type, r.id, r.description from t_whse w cross join (values
      ('HOLD', 'QA', '质检冻结 Quality hold'), ('HOLD', 'DMG', '破损冻结 Damage hold'), ('HOLD', 'EXP', '临期冻结 Near expiry'),
      ('HOLD', 'CUST', '客户要求冻结 Client request'), ('ADJUST', 'CNT', '盘点差异 Count difference'),
      ('ADJUST', 'SCRAP', '报废 Scrapped'), ('ADJUST', 'FOUND', '盘盈 Found stock'), ('MOVE', 'REPL', '补货 Replenishment'),
      ('MOVE', 'CONS', '库位整合 Consolidation'), ('COUNT', 'CYC', '循环盘点 Cycle count'), ('RETURN', 'RTN', '客户退货 Customer return'),
      ('DAMAGE', 'WH', '仓内破损 Damaged in warehouse')
    ) as r(type, id, description);

    insert into t_dock_door (wh_id, door_id, description, door_type, staging_location_id)
    select w.wh_id, d.id, d.description, d.type, d.staging from t_whse w cross join (values
      ('D01', '1 号月台 Door 1', 'I', 'STG-IN-01'), ('D02', '2 号月台 Door 2', 'I', 'STG-IN-02'),
      ('D03', '3 号月台 Door 3', 'O', 'STG-OUT-01'), ('D04', '4 号月台 Door 4', 'O', 'STG-OUT-02'),
      ('D05', '5 号月台 Door 5', 'O', 'STG-OUT-03'), ('D06', '6 号月台 Door 6', 'B', 'STG-IN-03')
    ) as d(id, description, type, staging);

    insert into t_work_type (wh_id, work_type, description, priority)
    select w.wh_id, t.type, t.description, t.priority from t_whse w cross join (values
      ('REPL', '补货 Replenishment', 5), ('PALLETPICK', '整托拣货 Pallet pick', 10), ('CASEPICK', '整箱拣货 Case pick', 20),
      ('EACHPICK', '拆零拣货 Each pick', 30), ('PUTAWAY', '上架 Putaway', 40), ('MOVE', '移库 Movement', 50), ('COUNT', '盘点 Count', 60)
    ) as t(type, description, priority);

    -- Putaway rules: chilled dairy, secure electronics; every other class to shelving, then pallet racks.
    insert into t_putaway_rule (wh_id, class_id, zone, priority)
    select w.wh_id, r.class, r.zone, r.priority from t_whse w cross join (values
      ('DAIRY', 'CHL', 1), ('ELEC', 'HV', 1), (null, 'AMB', 1), (null, 'PAL', 2)
    ) as r(class, zone, priority);

    insert into tbl_print_scheduler (wh_id, document_type, printer_name, printer_address, copies, description)
    select w.wh_id, p.doc, p.printer, p.address, p.copies, p.description from t_whse w cross join (values
      ('SHIP_LABEL', 'ZEBRA-PACK-01', 'ipp://10.0.8.21/ipp/print', 1, '打包台面单打印机 Packing bench label printer'),
      ('PACKING_LIST', 'HP-OFFICE-01', 'ipp://10.0.8.30/ipp/print', 1, '办公室打印机 Office printer'),
      ('DELIVERY_NOTE', 'HP-OFFICE-01', 'ipp://10.0.8.30/ipp/print', 2, '交接单一式两份 Two copies'),
      ('PICK_LIST', 'HP-FLOOR-01', 'ipp://10.0.8.31/ipp/print', 1, '作业区打印机 Floor printer'),
      ('LOCATION_LABEL', 'ZEBRA-LBL-02', 'ipp://10.0.8.22/ipp/print', 1, '库位标签 Location labels')
    ) as p(doc, printer, address, copies, description);
  `.execute(db);
  await seedDemoItems(db);
}

/**
 * 100 items per client and warehouse (300 in all), cycling through twelve product templates: dairy and drinks are
 * lot-controlled with a shelf life, apparel and electronics carry attribute collections, power banks are
 * serial-controlled; every item has its base unit, a case, and pallet-sized items a pallet unit.
 */
async function seedDemoItems(db: Db): Promise<void> {
  await sql`
    create temporary table demo_item_template on commit drop as
    select * from (values
      (0, '纯牛奶 Whole milk', 'BTL', 'DAIRY', 'Y', 21, 'FOOD', 'N', 24, 0.26, 0.00025, 4.5),
      (1, '酸奶 Yogurt', 'CUP', 'DAIRY', 'Y', 14, null, 'N', 12, 0.15, 0.00015, 3.2),
      (2, '矿泉水 Mineral water', 'BTL', 'BEV', 'Y', 365, 'FOOD', 'N', 24, 0.56, 0.00055, 1.8),
      (3, '橙汁 Orange juice', 'BTL', 'BEV', 'Y', 180, null, 'N', 12, 1.05, 0.001, 9.9),
      (4, '薯片 Potato chips', 'BAG', 'SNACK', 'Y', 180, null, 'N', 20, 0.08, 0.0012, 6.5),
      (5, '坚果礼盒 Nut gift box', 'BOX', 'SNACK', 'Y', 270, 'FOOD', 'N', 8, 0.75, 0.004, 88),
      (6, 'T恤 T-shirt', 'EA', 'APPAREL', 'N', null, 'APPAREL', 'N', 50, 0.2, 0.0008, 59),
      (7, '牛仔裤 Jeans', 'EA', 'APPAREL', 'N', null, 'APPAREL', 'N', 30, 0.6, 0.0015, 199),
      (8, '运动鞋 Sneakers', 'PR', 'APPAREL', 'N', null, 'APPAREL', 'N', 12, 0.9, 0.006, 399),
      (9, '蓝牙耳机 Bluetooth earphones', 'EA', 'ELEC', 'N', null, 'ELEC', 'N', 40, 0.12, 0.0005, 299),
      (10, '充电宝 Power bank', 'EA', 'ELEC', 'N', null, 'ELEC', 'Y', 20, 0.35, 0.0004, 149),
      (11, '快递纸箱 Shipping carton', 'EA', 'BOX', 'N', null, null, 'N', 100, 0.3, 0.02, 2.5)
    ) as t(k, name, uom, class, lot, shelf, collection, serial, case_qty, weight, volume, price);

    insert into t_item_master (wh_id, client_code, item_number, display_item_number, description, inventory_type, uom,
      shelf_life, serial_control, lot_control, item_category, price, upc, unit_weight, tare_weight, unit_volume,
      length, width, height, sample_rate, default_carton_type, is_special_size, use_xcarton, minqty_to_use_xcarton,
      item_type_id, class_id, attribute_collection_id, status)
    select c.wh_id, c.client_code, c.client_code || '-' || lpad(n::text, 4, '0'), c.client_code || lpad(n::text, 4, '0'),
      t.name || ' ' || lpad(n::text, 3, '0'), 'NORMAL', t.uom, t.shelf, t.serial, t.lot, t.class, t.price,
      '69' || lpad((abs(hashtext(c.wh_id || c.client_code)) % 100000)::text, 5, '0') || lpad(n::text, 6, '0'),
      t.weight, 0.01, t.volume, 0.1, 0.1, 0.1, case when t.lot = 'Y' then 10 end,
      case when t.k in (6, 7) then 'P' else 'N' end, case when t.k = 11 then 'Y' else 'N' end,
      case when t.case_qty >= 24 then 'Y' else 'N' end, case when t.case_qty >= 24 then t.case_qty end,
      case when t.k = 11 then 'PKG' else 'FG' end, t.class, t.collection, case when n % 50 = 0 then 'I' else 'A' end
    from t_client c
    cross join generate_series(1, 100) as n
    join demo_item_template t on t.k = n % 12;

    -- Base unit (factor 1), the case, and for bulk items a pallet of 40 cases.
    insert into t_item_uom (wh_id, item_number, uom, conversion_factor, uom_prompt, pick_put_id, uom_weight, length, width, height, package_weight)
    select i.wh_id, i.item_number, u.uom, u.factor, u.prompt, u.pick_put, u.factor * t.weight, u.l, u.w, u.h, u.factor * t.weight + u.tare
    from t_item_master i
    join demo_item_template t on t.k = (right(i.item_number, 4)::int % 12)
    cross join lateral (values
      (i.uom, 1, i.uom, 'EACH', 0.1, 0.1, 0.1, 0.0),
      ('CS', t.case_qty, '箱 Case', 'CASE', 0.4, 0.3, 0.3, 0.4),
      ('PL', t.case_qty * 40, '托 Pallet', 'PALLET', 1.2, 1.0, 1.5, 25.0)
    ) as u(uom, factor, prompt, pick_put, l, w, h, tare)
    where u.uom <> 'PL' or t.case_qty >= 20;

    -- A few serial numbers of the serial-controlled items, in the high-value cage.
    insert into tbl_sn_master (wh_id, item_number, serial_number, status, location_id)
    select i.wh_id, i.item_number, 'SN' || replace(i.item_number, '-', '') || lpad(s::text, 3, '0'), 'IN', 'H01-01-1'
    from t_item_master i cross join generate_series(1, 3) as s
    where i.serial_control = 'Y';
  `.execute(db);
}
