/**
 * The A4 packing list (装箱单): per order a new page with the order's head (order number as Code 128, customer,
 * ship-to, carrier, delivery, warehouse), its cartons and what each carton holds (item, description, lot, quantity),
 * with totals per unit of measure.
 */
import type { DocumentLanguage, PackageData } from './documents.types';
import { oneLine, openDocument, trimDecimal } from './pdfKit';
import { Sheet, sumDecimals } from './sheet';
import { texts } from './texts';

export async function buildPackingList(data: PackageData, language: DocumentLanguage, printedAt: string) {
  const t = texts(language);
  const title = t('doc.packingList');
  const name = data.deliveryNumber ?? data.orders[0]?.orderNumber ?? '';
  const { pdf, fonts } = await openDocument(`${title} ${name}`, language);
  const sheet = new Sheet(pdf, fonts, t, `${title} ${name}`);
  for (const order of data.orders) {
    sheet.running = `${title} ${order.orderNumber}`;
    sheet.newPage();
    sheet.titleBlock(title, oneLine(order.customerName), order.orderNumber);
    const who = [oneLine(order.shipTo.name), oneLine(order.shipTo.phone)].filter(Boolean).join('  ');
    const where = [oneLine(order.shipTo.city), oneLine(order.shipTo.address)].filter(Boolean).join(' ');
    sheet.fields([
      [
        [t('doc.orderNumber'), order.orderNumber],
        [t('doc.customer'), oneLine(order.customerName)],
        [t('doc.shipTo'), [who, where].filter(Boolean).join(' / ')],
      ],
      [
        [t('doc.carrier'), oneLine(order.carrierName)],
        [t('doc.deliveryNumber'), data.deliveryNumber ?? ''],
        [t('doc.warehouse'), `${oneLine(data.from.name)} (${data.from.whId})`],
        [t('doc.address'), data.from.address],
      ],
    ]);
    sheet.gap(3);

    sheet.caption(`${t('doc.cartonList')} (${order.cartons.length})`);
    sheet.table(
      [
        { title: t('doc.no'), width: 10, align: 'right' },
        { title: t('doc.cartonNumber'), width: 45 },
        { title: t('doc.expressNumber'), width: 55 },
        { title: t('doc.cartonType'), width: 30, align: 'center' },
        { title: t('doc.weightKg'), width: 40, align: 'right' },
      ],
      [
        ...order.cartons.map((c, i) => ({
          cells: [String(i + 1), c.cartonNumber, c.shipLabelBarcode ?? '—', c.cartonType, trimDecimal(c.weight) || '—'],
        })),
        {
          cells: [
            '',
            t('doc.total'),
            t('doc.cartonsN', { n: order.cartons.length }),
            '',
            sumDecimals(order.cartons.map((c) => c.weight)),
          ],
          bold: true,
          shade: true,
        },
      ],
    );
    sheet.gap(5);

    sheet.caption(t('doc.lines'));
    const uoms = [...new Set(order.lines.map((l) => l.uom))];
    sheet.table(
      [
        { title: t('doc.no'), width: 9, align: 'right' },
        { title: t('doc.cartonNumber'), width: 28 },
        { title: t('doc.item'), width: 30 },
        { title: t('doc.description'), width: 58, maxLines: 3 },
        { title: t('doc.lot'), width: 25 },
        { title: t('doc.qty'), width: 17, align: 'right', maxLines: 20 },
        { title: t('doc.uom'), width: 13, align: 'center', maxLines: 20 },
      ],
      [
        ...order.lines.map((l, i) => ({
          cells: [
            String(i + 1),
            l.cartonNumber,
            l.itemNumber,
            oneLine(l.description),
            l.lotNumber ?? '',
            trimDecimal(l.qty),
            l.uom,
          ],
        })),
        // One total per unit of measure, in one row.
        {
          cells: [
            '',
            t('doc.total'),
            '',
            '',
            '',
            uoms.map((uom) => sumDecimals(order.lines.filter((l) => l.uom === uom).map((l) => l.qty))).join('\n'),
            uoms.join('\n'),
          ],
          bold: true,
          shade: true,
        },
      ],
    );
  }
  if (data.orders.length === 0) {
    sheet.newPage();
    sheet.titleBlock(title, t('doc.none'), null);
  }
  sheet.finish(printedAt);
  const bytes = await pdf.save({ useObjectStreams: true });
  return { bytes, pages: sheet.pages.length };
}
