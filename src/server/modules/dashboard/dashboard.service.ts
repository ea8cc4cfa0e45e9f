/**
 * The home dashboard's figures (README): one SQL statement answers every tile of one warehouse (and optionally one
 * client) within the user's warehouse and client grants, so the page costs one round trip however many tiles it shows.
 * Each tile is a subquery over the rows it counts, scoped by `platform/grants.ts` exactly like the lists the tile links to.
 */
import { type Expression, type RawBuilder, sql } from 'kysely';
import {
  type DashboardAnswer,
  type DashboardChoice,
  OPEN_ORDER_STATUSES,
  STATION_ONLINE_MINUTES,
  type WaveProgress,
} from '../../../shared/dashboard';
import type { Db } from '../../db/connect';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { grantScope, grantsClient, grantsWarehouse, itemClient } from '../../platform/grants';
import { expiringStockCount } from '../inventory/expiry';
import { deliveryClientScope } from '../shipping/shipping.guard';

/** Waves listed with their progress (the count covers them all). */
const WAVES_SHOWN = 20;
/** The user setting holding the dashboard's choice (`sys_user_setting.name`). */
const CHOICE_SETTING = 'dashboard';

/** Refuses a warehouse the user does not hold, and a client they may not read there. */
function checkChoice(user: SessionUser, whId: string, clientCode: string): void {
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
  if (clientCode && !grantsClient(user, whId, clientCode, 'read')) throw new AppError('clientNotGranted', { clientCode });
}

/**
 * The rows of one relation a tile counts: the chosen warehouse, the user's grants over the row's client, and the chosen
 * client when there is one.
 */
function scope(user: SessionUser, whId: string, clientCode: string, wh: Expression<unknown>, client: Expression<unknown>) {
  return sql`${wh} = ${whId} and ${grantScope(user, wh, client)}${clientCode ? sql` and ${client} = ${clientCode}` : sql``}`;
}

const ref = (column: string) => sql.ref(column);

/** The day and week bounds every tile counts from: the database's clock and time zone. */
const BOUNDS = sql`select now() as as_of, date_trunc('day', now()) as day0, date_trunc('week', now()) as week0,
  current_setting('TimeZone') as time_zone`;

/** One tile's query: a named subquery over the bounds `b` (the bench times each alone, README "Performance"). */
export interface TileQuery {
  name: string;
  query: RawBuilder<unknown>;
}

/**
 * The tiles' queries for this user and choice, each scoped by the grants (and the chosen client), and the one statement
 * answering them all as JSON.
 */
export function dashboardQueries(
  user: SessionUser,
  choice: DashboardChoice,
): { tiles: TileQuery[]; statement: RawBuilder<{ answer: DashboardAnswer }> } {
  const whId = choice.whId;
  const clientCode = choice.clientCode ?? '';
  const on = (alias: string, client: RawBuilder<unknown> | null = null) =>
    scope(user, whId, clientCode, ref(`${alias}.wh_id`), client ?? ref(`${alias}.client_code`));
  // A delivery has no client: it is seen when every client of its cartons is granted (shipping.guard), and belongs to a
  // chosen client when one of its cartons does.
  const deliveryOfClient = clientCode
    ? sql`and exists (select 1 from tbl_shipping_label dc where dc.wh_id = d.wh_id and dc.delivery_number = d.delivery_number
        and dc.client_code = ${clientCode})`
    : sql``;
  const tiles: TileQuery[] = [
    {
      name: 'receipts',
      query: sql`
      select count(distinct r.receipt_id) filter (where r.receipt_date >= b.day0)::int as docs_today,
        count(distinct r.receipt_id)::int as docs_week,
        count(*) filter (where r.receipt_date >= b.day0)::int as lines_today, count(*)::int as lines_week
      from t_receipt r, b where r.receipt_date >= b.week0 and ${on('r')}`,
    },
    {
      name: 'ledger',
      query: sql`
      select count(*) filter (where l.tran_type = 'PUTAWAY' and l.tran_date >= b.day0)::int as putaways_today,
        count(*) filter (where l.tran_type = 'PUTAWAY')::int as putaways_week,
        count(*) filter (where l.tran_type = 'PICK' and l.tran_date >= b.day0)::int as picks_today,
        count(*) filter (where l.tran_type = 'PICK')::int as picks_week,
        count(*) filter (where l.tran_type = 'INSPECT_FAIL' and l.tran_date >= b.day0)::int as inspect_fails_today
      from tran_log l, b
      where l.tran_type in ('PUTAWAY', 'PICK', 'INSPECT_FAIL') and l.tran_date >= b.week0 and ${on('l')}`,
    },
    {
      name: 'hours',
      query: sql`
      select coalesce(json_agg(json_build_object('hour', h.hour, 'picks', h.picks) order by h.hour), '[]'::json) as list
      from (
        select extract(hour from l.tran_date)::int as hour, count(*)::int as picks
        from tran_log l, b where l.tran_type = 'PICK' and l.tran_date >= b.day0 and ${on('l')}
        group by 1
      ) h`,
    },
    {
      name: 'orders',
      query: sql`
      select coalesce(json_object_agg(o.status, o.n), '{}'::json) as by_status
      from (
        select o.status, count(*)::int as n from t_order o
        where o.status = any(${[...OPEN_ORDER_STATUSES]}::varchar[]) and ${on('o')}
        group by o.status
      ) o`,
    },
    {
      name: 'wave_list',
      query: sql`
      select count(*)::int as n, coalesce(json_agg(json_build_object('waveId', v.wave_id, 'status', v.status,
          'releasedDate', v.released_date, 'qty', trim_scale(v.qty)::text, 'pickedQty', trim_scale(v.picked_qty)::text,
          'shortQty', trim_scale(v.short_qty)::text) order by v.released_date, v.wave_id)
        filter (where v.rank <= ${WAVES_SHOWN}), '[]'::json) as list
      from (
        select w.wave_id, w.status, w.released_date, sum(t.quantity) as qty, sum(t.picked_qty) as picked_qty,
          sum(t.short_qty) as short_qty, row_number() over (order by w.released_date, w.wave_id) as rank
        from t_wave_master w
        join t_wave_pick_task t on t.wh_id = w.wh_id and t.wave_id = w.wave_id and ${on('t')}
        where w.wh_id = ${whId} and w.status in ('R', 'P')
        group by w.wave_id, w.status, w.released_date
      ) v`,
    },
    {
      name: 'cartons',
      query: sql`
      select count(*) filter (where c.close_time >= b.day0)::int as today, count(*)::int as week
      from tbl_shipping_label c, b where c.close_time >= b.week0 and ${on('c')}`,
    },
    {
      name: 'deliveries',
      query: sql`
      select count(*) filter (where d.ship_time >= b.day0)::int as today, count(*)::int as week
      from t_delivery d, b
      where d.wh_id = ${whId} and d.status = 'S' and d.ship_time >= b.week0 and ${deliveryClientScope(user, 'read', 'd')}
        ${deliveryOfClient}`,
    },
    { name: 'held', query: sql`select count(*)::int as n from t_stored_item s where s.status = 'H' and ${on('s')}` },
    {
      name: 'shorts',
      query: sql`
      select count(*)::int as n from t_wave_pick_task t
      join t_wave_master w on w.wh_id = t.wh_id and w.wave_id = t.wave_id and w.status <> 'S'
      where t.short_qty > 0 and ${on('t')}`,
    },
    {
      name: 'refusals',
      query: sql`select count(*)::int as n from exception_log e, b where e.tran_date >= b.day0 and ${on('e', itemClient('e'))}`,
    },
    {
      name: 'webhooks',
      query: sql`
      select count(*)::int as n from t_webhook_delivery wd
      join t_webhook_subscription ws on ws.id = wd.subscription_id
      where wd.status = 'F' and ${on('ws')}`,
    },
    { name: 'expiring', query: expiringStockCount(on('m')) },
    {
      name: 'stations',
      query: sql`
      select count(*)::int as active,
        count(*) filter (where k.last_seen >= now() - ${`${STATION_ONLINE_MINUTES} minutes`}::interval)::int as online
      from t_kiosk_station k where k.wh_id = ${whId} and k.status = 'A'`,
    },
  ];
  const ctes = sql.join(
    tiles.map((tile) => sql`${sql.raw(tile.name)} as (${tile.query})`),
    sql`, `,
  );
  const statement = sql<{ answer: DashboardAnswer }>`
    with b as (${BOUNDS}), ${ctes}
    select json_build_object(
      'whId', ${whId}::text, 'clientCode', ${clientCode}::text,
      'asOf', b.as_of, 'dayStart', b.day0, 'weekStart', b.week0, 'timeZone', b.time_zone,
      'receipts', json_build_object('today', receipts.docs_today, 'week', receipts.docs_week),
      'receiptLines', json_build_object('today', receipts.lines_today, 'week', receipts.lines_week),
      'putaways', json_build_object('today', ledger.putaways_today, 'week', ledger.putaways_week),
      'picks', json_build_object('today', ledger.picks_today, 'week', ledger.picks_week),
      'picksByHour', hours.list,
      'ordersByStatus', orders.by_status,
      'wavesInProgress', wave_list.n, 'waves', wave_list.list,
      'cartonsPacked', json_build_object('today', cartons.today, 'week', cartons.week),
      'deliveriesShipped', json_build_object('today', deliveries.today, 'week', deliveries.week),
      'exceptions', json_build_object('heldStock', held.n, 'shortPicks', shorts.n,
        'failedInspectionsToday', ledger.inspect_fails_today, 'failedWebhooks', webhooks.n, 'refusalsToday', refusals.n),
      'expiringStock', expiring.count,
      'stations', json_build_object('active', stations.active, 'online', stations.online)
    ) as answer
    from b, ${sql.join(tiles.map((tile) => sql.raw(tile.name)))}`;
  return { tiles, statement };
}

/** One tile's query alone, over the same bounds (the bench's per-tile figures). */
export const tileStatement = (tile: TileQuery) => sql`with b as (${BOUNDS}) select * from (${tile.query}) tile`;

/** The tiles of one warehouse (and client) for this user: one statement. */
export async function dashboardTiles(db: Db, user: SessionUser, choice: DashboardChoice): Promise<DashboardAnswer> {
  checkChoice(user, choice.whId, choice.clientCode ?? '');
  const { rows } = await dashboardQueries(user, choice).statement.execute(db);
  const answer = rows[0]!.answer;
  // json_build_object writes times in PostgreSQL's text form; the wire carries ISO 8601 (as every other time).
  return {
    ...answer,
    asOf: iso(answer.asOf),
    dayStart: iso(answer.dayStart),
    weekStart: iso(answer.weekStart),
    waves: answer.waves.map((w: WaveProgress) => ({ ...w, releasedDate: w.releasedDate ? iso(w.releasedDate) : null })),
  };
}

const iso = (value: string): string => new Date(value).toISOString();

/**
 * The user's remembered choice when it still holds (the warehouse granted, the client readable there), else the first
 * warehouse the user holds (every client); null when the user holds none.
 */
export async function dashboardChoice(db: Db, user: SessionUser): Promise<DashboardChoice | null> {
  const { rows } = await sql<{ value: DashboardChoice }>`
    select value from sys_user_setting where user_id = ${user.id} and name = ${CHOICE_SETTING}`.execute(db);
  const kept = rows[0]?.value;
  if (kept && typeof kept.whId === 'string' && grantsWarehouse(user, kept.whId)) {
    const clientCode = typeof kept.clientCode === 'string' ? kept.clientCode : '';
    return { whId: kept.whId, clientCode: clientCode && grantsClient(user, kept.whId, clientCode, 'read') ? clientCode : '' };
  }
  const first = await sql<{ whId: string }>`
    select w.wh_id from t_whse w where ${grantScope(user, ref('w.wh_id'), null)} order by w.wh_id limit 1`.execute(db);
  const whId = first.rows[0]?.whId;
  return whId ? { whId, clientCode: '' } : null;
}

/** Remembers the user's choice (checked against the grants first): one upsert. */
export async function saveDashboardChoice(db: Db, user: SessionUser, choice: DashboardChoice): Promise<DashboardChoice> {
  const value: DashboardChoice = { whId: choice.whId, clientCode: choice.clientCode ?? '' };
  checkChoice(user, value.whId, value.clientCode ?? '');
  await sql`
    insert into sys_user_setting (user_id, name, value) values (${user.id}, ${CHOICE_SETTING}, ${JSON.stringify(value)}::jsonb)
    on conflict (user_id, name) do update set value = excluded.value, update_time = now()`.execute(db);
  return value;
}
