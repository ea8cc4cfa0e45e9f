/**
 * The home dashboard (server modules/dashboard/README.md): the shapes of `POST /dashboard/tiles` and
 * `POST /dashboard/choice`, shared by the server and the console's home page. Counts are integers, quantities decimal
 * text; "today" and "this week" (Monday to now) are the database's days (its time zone, answered as `timeZone`).
 */

/** The warehouse (and optional client) the dashboard shows; remembered per user on the server. */
export interface DashboardChoice {
  whId: string;
  /** '' or absent: every client the user holds in the warehouse. */
  clientCode?: string;
}

/** A figure of today and of this week. */
export interface DayWeek {
  today: number;
  week: number;
}

/** A wave released and not yet picked (status R released or P picking), over the pick tasks of the granted clients. */
export interface WaveProgress {
  waveId: string;
  status: string;
  releasedDate: string | null;
  /** Units to pick, picked, and reported short (decimal text). */
  qty: string;
  pickedQty: string;
  shortQty: string;
}

/** Open exceptions, each a number of rows to look at (the dashboard README "What each tile counts"). */
export interface OpenExceptions {
  /** Ledger rows on hold (any reason: quality, short pick, expired …). */
  heldStock: number;
  /** Pick tasks with a short quantity in waves not yet shipped. */
  shortPicks: number;
  /** Inspections failed today (INSPECT_FAIL ledger rows: the failed units went to an unqualified location). */
  failedInspectionsToday: number;
  /** Webhook deliveries that gave up (status F) of the warehouse's subscriptions. */
  failedWebhooks: number;
  /** Business-rule refusals written to the exception log today. */
  refusalsToday: number;
}

/** The hours of the day (0–23) ORDER BY hour, each with the pick rows of that hour; hours without picks are absent. */
export interface HourCount {
  hour: number;
  picks: number;
}

export interface DashboardAnswer {
  whId: string;
  clientCode: string;
  /** When the figures were read, and where today and this week start (ISO 8601), in the database's time zone. */
  asOf: string;
  dayStart: string;
  weekStart: string;
  timeZone: string;
  /** Receipt documents (distinct receipt numbers) and receipt lines. */
  receipts: DayWeek;
  receiptLines: DayWeek;
  /** Putaway ledger rows (one per putaway line). */
  putaways: DayWeek;
  /** Pick ledger rows, and today's by hour. */
  picks: DayWeek;
  picksByHour: HourCount[];
  /** Orders not yet shipped or cancelled, by status (N, C, W, A, K, P, D). */
  ordersByStatus: Record<string, number>;
  /** Waves in progress: how many, and the first 20 by release time. */
  wavesInProgress: number;
  waves: WaveProgress[];
  /** Cartons closed (packed). */
  cartonsPacked: DayWeek;
  /** Deliveries shipped. */
  deliveriesShipped: DayWeek;
  exceptions: OpenExceptions;
  /** Stock rows within their warning days of expiry, expired ones included (the expiring-stock report's count). */
  expiringStock: number;
  /** Dock stations in use (status A), and those that asked the server within the last `STATION_ONLINE_MINUTES`. */
  stations: { active: number; online: number };
}

/** A dock station polls every 10 s while it shows a screen: two minutes without a call is off line. */
export const STATION_ONLINE_MINUTES = 2;
/** The console reads the tiles again this often while the page is visible. */
export const DASHBOARD_REFRESH_MS = 60_000;
/** Order statuses the tile counts (open orders), in flow order. */
export const OPEN_ORDER_STATUSES = ['N', 'C', 'W', 'A', 'K', 'P', 'D'] as const;
