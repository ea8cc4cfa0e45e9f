import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';

/** The hand-over (proof of delivery) routes: README "Hand-over". */
export function registerPodRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
