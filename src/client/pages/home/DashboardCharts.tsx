import type { DashboardAnswer } from '../../../shared/dashboard';

/** The dashboard's small charts (picks per hour, open orders by status): drawn by the chart kit once it is merged. */
export function DashboardCharts(_props: { answer: DashboardAnswer }) {
  return null;
}
