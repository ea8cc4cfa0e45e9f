/**
 * Sample documents for the renderer tests and the label bench: Chinese and Latin text, long addresses, a delivery long
 * enough to need a second page. Not used by the server.
 */
import type { DeliveryData, DispatchData, LabelData, PackageData, WarehouseParty } from './documents.types';

export const SAMPLE_FROM: WarehouseParty = {
  whId: 'WH01',
  name: '杭州一号仓 Hangzhou DC 1',
  address: '浙江省杭州市余杭区仓前街道文一西路 1888 号 3 号库',
  phone: '0571-8888 6666',
};

const RECIPIENTS = [
  {
    name: '张伟',
    phone: '138 0013 8000',
    address: '浙江省杭州市西湖区文三路 478 号华星时代广场 A 座 1205 室（前台代收）',
    city: '杭州',
    customer: '演示客户 Demo customer 1',
  },
  {
    name: 'Li Na 李娜',
    phone: '+86 139 1234 5678',
    address: 'Room 1802, Tower B, 1 Century Avenue, Pudong New Area',
    city: 'Shanghai 上海',
    customer: 'Acme Trading (Shanghai) Co., Ltd.',
  },
  {
    name: '欧阳晓明',
    phone: '186 6666 0001',
    address: '广东省深圳市南山区粤海街道科技园南区高新南七道 9 号深圳湾科技生态园 10 栋 B 座 2101',
    city: '深圳',
    customer: '深圳市前海微众贸易有限公司',
  },
];

/** The n-th sample label (0-based): carton CT…, express SF…, order SO…. */
export function sampleLabel(
  n: number,
  carrier: { code: string; name: string } = { code: 'SF', name: '顺丰速运 SF Express' },
): LabelData {
  const r = RECIPIENTS[n % RECIPIENTS.length] ?? RECIPIENTS[0]!;
  const cartonNumber = `CT${String(10_000_000 + n).padStart(8, '0')}`;
  const shipLabelBarcode = `${carrier.code}${String(100_000_000_000 + n * 7).padStart(12, '0')}`;
  const orderNumber = `SO${String(20_250_000 + Math.floor(n / 3)).padStart(8, '0')}`;
  return {
    cartonNumber,
    shipLabelBarcode,
    orderNumber,
    waveId: 'W2025112500001',
    carrierCode: carrier.code,
    carrierName: carrier.name,
    clientCode: 'ACME',
    customerName: r.customer,
    shipTo: { name: r.name, phone: r.phone, address: r.address, city: r.city },
    from: SAMPLE_FROM,
    cartonType: ['M', 'L', 'PB'][n % 3] ?? 'M',
    weight: n % 4 === 3 ? null : `${(1.25 + (n % 7) * 0.5).toFixed(3)}`,
    cartonSeq: (n % 3) + 1,
    cartonCount: 3,
    totalQty: `${12 + (n % 5)}.000`,
    qrText: `${cartonNumber}|${shipLabelBarcode}|${orderNumber}`,
    printedAt: '2025-11-25T08:30:00.000Z',
  };
}

export function sampleDelivery(cartons = 46): DeliveryData {
  const labels = Array.from({ length: cartons }, (_, i) => sampleLabel(i));
  return {
    deliveryNumber: 'DL00000042',
    status: 'O',
    carrierCode: 'SF',
    carrierName: '顺丰速运 SF Express',
    from: SAMPLE_FROM,
    createTime: '2025-11-25T07:10:00.000Z',
    createBy: 'admin',
    shipTime: null,
    cartons: labels.map((l) => ({
      cartonNumber: l.cartonNumber,
      shipLabelBarcode: l.shipLabelBarcode,
      orderNumber: l.orderNumber,
      cartonType: l.cartonType,
      weight: l.weight,
      shipToName: l.shipTo.name,
      shipToCity: l.shipTo.city,
    })),
    totals: {
      cartons,
      orders: new Set(labels.map((l) => l.orderNumber)).size,
      weight: (labels.reduce((s, l) => s + Math.round(Number(l.weight ?? 0) * 1000), 0) / 1000).toFixed(3),
    },
  };
}

export function sampleDispatch(orders = 7): DispatchData {
  return {
    deliveryNumber: 'DL00000042',
    carrierCode: 'SF',
    carrierName: '顺丰速运 SF Express',
    from: SAMPLE_FROM,
    createTime: '2025-11-25T07:10:00.000Z',
    orders: Array.from({ length: orders }, (_, i) => {
      const r = RECIPIENTS[i % RECIPIENTS.length] ?? RECIPIENTS[0]!;
      const count = 1 + (i % 3);
      return {
        orderNumber: `SO${String(20_250_000 + i).padStart(8, '0')}`,
        customerName: r.customer,
        shipTo: { name: r.name, phone: r.phone, address: r.address, city: r.city },
        cartonCount: count,
        weight: (2.5 * count).toFixed(3),
        expressNumbers: Array.from({ length: count }, (_, k) => `SF${String(100_000_000_000 + i * 10 + k).padStart(12, '0')}`),
      };
    }),
  };
}

export function samplePackage(): PackageData {
  const items = [
    { itemNumber: 'ACME-0001', description: '有机纯牛奶 250ml×12 盒装', uom: 'BOX', lot: 'L20251101' },
    { itemNumber: 'ACME-0002', description: 'Mineral water 550 ml, 24-pack shrink-wrapped', uom: 'CS', lot: null },
    { itemNumber: 'ACME-0003', description: '低温酸奶（原味）100g×8 杯 冷藏 2–6℃', uom: 'EA', lot: 'Y-2025-11-20' },
  ];
  return {
    from: SAMPLE_FROM,
    deliveryNumber: 'DL00000042',
    orders: [0, 1].map((o) => {
      const r = RECIPIENTS[o] ?? RECIPIENTS[0]!;
      const cartons = Array.from({ length: 2 + o }, (_, c) => sampleLabel(o * 3 + c));
      return {
        orderNumber: `SO${String(20_250_000 + o).padStart(8, '0')}`,
        customerName: r.customer,
        shipTo: { name: r.name, phone: r.phone, address: r.address, city: r.city },
        carrierName: '顺丰速运 SF Express',
        cartons: cartons.map((c) => ({
          cartonNumber: c.cartonNumber,
          shipLabelBarcode: c.shipLabelBarcode,
          cartonType: c.cartonType,
          weight: c.weight,
        })),
        lines: cartons.flatMap((c, ci) =>
          items.slice(0, 2 + (ci % 2)).map((it, k) => ({
            cartonNumber: c.cartonNumber,
            itemNumber: it.itemNumber,
            description: it.description,
            lotNumber: it.lot,
            qty: `${(k + 1) * 2 + ci}.000`,
            uom: it.uom,
          })),
        ),
      };
    }),
  };
}
