/**
 * The dock-station calls (README "Routes"): enrolment and the station's state, binding and revocation from the console,
 * the sign-in by badge or PIN, the station session's own information, and the hand-over (proof of delivery).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { KIOSK_FLOWS, type SetBadgeRequest, STATION_KEY_HEADER } from '../../../shared/kiosk';
import { AUTHENTICATED, PUBLIC, permission } from '../../../shared/permissions';
import { secretProperties } from '../../../shared/secrets';
import { LANGUAGES } from '../../../shared/wire';
import { registerCrudRoutes } from '../../crud/crud.routes';
import {
  changedIdAnswer,
  closed,
  integer,
  isoTime,
  list,
  nullable,
  oneOf,
  sessionFields,
  string,
  text,
} from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { HttpError } from '../../platform/errors';
import { envelope } from '../../platform/openapi';
import { PUBLIC_BODY_LIMIT } from '../../platform/schemas';
import { registerPodRoutes } from './pod.routes';
import { badgeLogin, pinLogin, sessionInfo, setBadge, setPin } from './signin.service';
import { activeStationByKey, bindStation, enrol, revokeStation, stationBinding, stationState } from './stations.service';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
// Station keys, PINs and badges are secrets (src/shared/secrets.ts): never answered, masked in the operation log.
const EnrolBody = Type.Object(secretProperties({ stationKey: Type.String({ maxLength: 200 }) }));
const BindBody = Type.Object({ id: Id, code: Type.String({ minLength: 1, maxLength: 20 }) });
const Badge = Type.String({ maxLength: 100 });
const Pin = Type.String({ maxLength: 20 });
const BadgeBody = Type.Object(secretProperties({ badge: Badge }));
const PinBody = Type.Object({ account: Type.String({ maxLength: 50 }), ...secretProperties({ pin: Pin }) });
const SetPinBody = Type.Object({ id: Id, ...secretProperties({ pin: Pin }) });
const SetBadgeBody = Type.Object({ id: Id, ...secretProperties({ badge: Badge }) });

/** The answers of shared/kiosk.ts: a station's configuration, its state, a station login and session. */
export const kioskFlows = list(oneOf(KIOSK_FLOWS));
const language = oneOf(LANGUAGES);
const stationConfig = closed({
  id: integer,
  stationName: string,
  whId: string,
  whName: string,
  dockDoor: text,
  flows: kioskFlows,
  language,
  idleSeconds: integer,
});
const StationConfigAnswer = envelope(stationConfig);
const EnrolAnswer = envelope(closed({ code: string, expiresAt: isoTime }));
const StationStateAnswer = envelope(
  nullable({
    anyOf: [
      closed({ state: oneOf(['pending']), code: string, expiresAt: isoTime }),
      closed({ state: oneOf(['active']), station: stationConfig }),
      closed({ state: oneOf(['unknown']) }),
    ],
  }),
);
const KioskLoginAnswer = envelope(closed({ ...sessionFields, user: closed({ name: string, language }), flows: kioskFlows }));
const SessionInfoAnswer = envelope(
  closed({ user: closed({ name: string, nickName: text, language }), station: stationConfig, flows: kioskFlows }),
);

/** The station key a station sends in its header (absent or repeated: none). */
export function stationKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[STATION_KEY_HEADER];
  return typeof value === 'string' ? value : undefined;
}

export function registerKioskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // A station session is good only with its station's key (issue 25 item 13): the session token alone, copied off a
  // station, answers 401 on every route. Runs after the guard (hooks run in the order added), once it knows the user.
  app.addHook('onRequest', (request, _reply, done) => {
    const station = request.user?.station;
    if (!station) return done();
    activeStationByKey(db, stationKeyOf(request)).then(
      (row) => done(row?.id === station.id ? undefined : new HttpError(401)),
      (error: Error) => done(error),
    );
  });
  const can = (action: 'view' | 'add' | 'edit' | 'delete') => permission('tKioskStation', action);
  registerCrudRoutes(app, ctx, [stationBinding(() => ctx.now())]);

  app.post(
    '/kiosk/enrol',
    { schema: { body: EnrolBody, response: { 200: EnrolAnswer } }, bodyLimit: PUBLIC_BODY_LIMIT, config: { permission: PUBLIC } },
    async (request) => ok(await enrol(db, (request.body as { stationKey: string }).stationKey, request.ip, ctx.now())),
  );
  app.post(
    '/kiosk/station',
    { schema: { response: { 200: StationStateAnswer } }, bodyLimit: PUBLIC_BODY_LIMIT, config: { permission: PUBLIC } },
    async (request) => ok(await stationState(db, stationKeyOf(request), ctx.now())),
  );
  app.post(
    '/kiosk/login/badge',
    {
      schema: { body: BadgeBody, response: { 200: KioskLoginAnswer } },
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { permission: PUBLIC, audit: true },
    },
    async (request) => ok(await badgeLogin(ctx, stationKeyOf(request), (request.body as { badge: string }).badge, request.ip)),
  );
  app.post(
    '/kiosk/login/pin',
    {
      schema: { body: PinBody, response: { 200: KioskLoginAnswer } },
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { permission: PUBLIC, audit: true },
    },
    async (request) =>
      ok(await pinLogin(ctx, stationKeyOf(request), request.body as { account: string; pin: string }, request.ip)),
  );
  app.post(
    '/kiosk/session',
    { schema: { response: { 200: SessionInfoAnswer } }, config: { permission: AUTHENTICATED, kiosk: 'any' } },
    async (request) => ok(await sessionInfo(ctx, request.user!)),
  );

  app.post(
    '/tKioskStation/bind',
    { schema: { body: BindBody, response: { 200: StationConfigAnswer } }, config: { permission: can('edit'), audit: true } },
    async (request) => ok(await bindStation(db, request.user!, request.body as { id: number; code: string }, ctx.now())),
  );
  app.post(
    '/tKioskStation/revoke',
    {
      schema: { body: Type.Object({ id: Id }), response: { 200: changedIdAnswer } },
      config: { permission: can('edit'), audit: true },
    },
    async (request) => ok(await revokeStation(db, request.user!, (request.body as { id: number }).id, ctx.now())),
  );
  app.post(
    '/user/setPin',
    { schema: { body: SetPinBody, response: { 200: changedIdAnswer } }, config: { permission: 'sys:user:edit', audit: true } },
    async (request) => {
      const { id, pin } = request.body as { id: number; pin: string };
      return ok(await setPin(ctx, request.user!, id, pin));
    },
  );
  app.post(
    '/user/setBadge',
    { schema: { body: SetBadgeBody, response: { 200: changedIdAnswer } }, config: { permission: 'sys:user:edit', audit: true } },
    async (request) => {
      const { id, badge } = request.body as SetBadgeRequest;
      return ok(await setBadge(ctx, request.user!, id, badge));
    },
  );
  registerPodRoutes(app, ctx);
}
