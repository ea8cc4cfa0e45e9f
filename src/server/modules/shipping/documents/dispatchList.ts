/**
 * The A4 dispatch list (发货清单) of one delivery: per order who receives it (customer, ship-to name, phone, address),
 * how many cartons, their weight and the express numbers, with totals.
 */
import type { DispatchData, DocumentLanguage } from './documents.types';
import { formatTime, oneLine, openDocument, trimDecimal } from './pdfKit';
import { Sheet, sumDecimals } from './sheet';
import { texts } from './texts';

export async function buildDispatchList(data: DispatchData, language: DocumentLanguage, printedAt: string) {
  const t = texts(language);
  const title = t('doc.dispatchList');
  const { pdf, fonts } = await openDocument(`${title} ${data.deliveryNumber}`, language);
  const sheet = new Sheet(pdf, fonts, t, `${title} ${data.deliveryNumber}`);
  sheet.running = `${title} ${data.deliveryNumber}`;
  sheet.newPage();
  const carrier = `${oneLine(data.carrierName)} (${data.carrierCode})`;
  sheet.titleBlock(title, carrier, data.deliveryNumber);
  sheet.fields([
    [
      [t('doc.warehouse'), `${oneLine(data.from.name)} (${data.from.whId})`],
      [t('doc.address'), data.from.address],
      [t('doc.phone'), data.from.phone ?? ''],
    ],
    [
      [t('doc.carrier'), carrier],
      [t('doc.deliveryNumber'), data.deliveryNumber],
      [t('doc.createTime'), formatTime(data.createTime)],
    ],
  ]);
  sheet.gap(4);

  const cartons = data.orders.reduce((n, o) => n + o.cartonCount, 0);
  sheet.table(
    [
      { title: t('doc.no'), width: 9, align: 'right' },
      { title: t('doc.orderNumber'), width: 25 },
      { title: t('doc.customer'), width: 28, maxLines: 3 },
      { title: t('doc.shipTo'), width: 55, maxLines: 5 },
      { title: t('doc.cartons'), width: 16, align: 'right' },
      { title: t('doc.weightKg'), width: 16, align: 'right' },
      { title: t('doc.expressNumber'), width: 31, maxLines: 20 },
    ],
    [
      ...data.orders.map((o, i) => {
        const who = [oneLine(o.shipTo.name), oneLine(o.shipTo.phone)].filter(Boolean).join('  ');
        const where = [oneLine(o.shipTo.city), oneLine(o.shipTo.address)].filter(Boolean).join(' ');
        return {
          cells: [
            String(i + 1),
            o.orderNumber,
            oneLine(o.customerName),
            [who, where].filter(Boolean).join(' / '),
            String(o.cartonCount),
            trimDecimal(o.weight),
            o.expressNumbers.join('\n'),
          ],
        };
      }),
      {
        cells: [
          '',
          t('doc.total'),
          t('doc.ordersN', { n: data.orders.length }),
          '',
          String(cartons),
          sumDecimals(data.orders.map((o) => o.weight)),
          '',
        ],
        bold: true,
        shade: true,
      },
    ],
  );
  sheet.finish(printedAt);
  const bytes = await pdf.save({ useObjectStreams: true });
  return { bytes, pages: sheet.pages.length };
}
