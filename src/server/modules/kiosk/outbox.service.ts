/**
 * The station's own credentials for its outbox (issue 25 item 4; README "Outbox"): a hand-over kept on the station is
 * sent as soon as the network returns, whoever is (or is not) signed in, with the station key and the token of the
 * session in which the worker confirmed it. The key proves the station, the token the worker who signed in at it — an
 * ended session counts (the worker signed out, or was signed out idle), one of another station or older than
 * OUTBOX_SESSION_DAYS does not. The hand-over is then the worker's: their permissions and grants as they are now.
 */
import { sql } from 'kysely';
import { allowedFlows, parseFlows } from '../../../shared/kiosk';
import type { Db } from '../../db/connect';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashToken, loadAccess, stationAccess } from '../../platform/session';
import { activeStationByKey, type StationRow } from './stations.service';

/** How old the session a kept hand-over names may be: a station offline longer sends nothing in its name. */
export const OUTBOX_SESSION_DAYS = 7;

/** The active station of the key, and the worker of a session opened at it (as a station session's user). */
export async function outboxSender(
  db: Db,
  stationKey: string | undefined,
  sessionToken: string,
  now: Date,
): Promise<{ station: StationRow; user: SessionUser }> {
  const station = await activeStationByKey(db, stationKey);
  if (!station) throw new AppError('kioskStationUnknown');
  const since = new Date(now.getTime() - OUTBOX_SESSION_DAYS * 86_400_000);
  const { rows } = await sql<{ id: number; userId: number; name: string; language: string | null }>`
    select s.id, s.user_id, u.name, u.language from sys_session s join sys_user u on u.id = s.user_id
    where s.token_hash = ${hashToken(sessionToken)} and s.station_id = ${station.id} and s.create_time >= ${since}
      and u.status = 1`.execute(db);
  const session = rows[0];
  if (!session) throw new AppError('kioskHandoverSessionUnknown');
  const access = await loadAccess(db, session.userId);
  const scope = { id: station.id, whId: station.whId, flows: allowedFlows(parseFlows(station.flows), access) };
  if (!scope.flows.includes('HANDOVER')) throw new AppError('kioskNoFlow');
  const user: SessionUser = {
    id: session.userId,
    name: session.name,
    sessionId: session.id,
    language: session.language,
    ...stationAccess(access, scope),
    station: scope,
  };
  return { station, user };
}
