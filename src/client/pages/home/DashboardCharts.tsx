/** The dashboard's two small charts, drawn by the chart kit (each with its data table for screen readers). */
import { type DashboardAnswer, OPEN_ORDER_STATUSES } from '../../../shared/dashboard';
import { Chart } from '../../charts/Chart';
import { useT } from '../../kit/i18n';

export function DashboardCharts({ answer }: { answer: DashboardAnswer }) {
  const t = useT();
  // Every hour from the first with picks to the last, so that a quiet hour shows as 0 rather than disappearing.
  const hours = answer.picksByHour;
  const first = hours[0]?.hour ?? 0;
  const last = hours.at(-1)?.hour ?? -1;
  const span = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
  const byHour = new Map(hours.map((h) => [h.hour, h.picks]));
  return (
    <div className="dash-charts">
      <Chart
        kind="bar"
        title={t('dashboard.chart.picksByHour')}
        categories={span.map((hour) => t('dashboard.chart.hour', { hour: String(hour).padStart(2, '0') }))}
        series={[{ name: t('dashboard.chart.picks'), values: span.map((hour) => byHour.get(hour) ?? 0) }]}
        height={220}
      />
      <Chart
        kind="bar"
        horizontal
        title={t('dashboard.chart.orders')}
        categories={OPEN_ORDER_STATUSES.map((status) => t(`code.orderStatus.${status}`))}
        series={[
          { name: t('dashboard.chart.orders'), values: OPEN_ORDER_STATUSES.map((status) => answer.ordersByStatus[status] ?? 0) },
        ]}
        height={220}
      />
    </div>
  );
}
