import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context';
import { registerPutawayRoutes } from '../inbound/putaway.routes';
import { PUTAWAY_TASK } from '../inbound/putaway.service';
import { movementTaskType } from './taskTypes';

describe('movement task types', () => {
  it('approves a plain task as a MOVE under INVENTORY', () => {
    expect(movementTaskType(undefined)).toMatchObject({ category: 'INVENTORY', tranType: 'MOVE', serialEvent: 'MOVE' });
    expect(movementTaskType('MOVE')).toBe(movementTaskType(undefined));
  });

  it('refuses a task of a type no module registered, rather than approving it as a plain move', () => {
    expect(() => movementTaskType('NO_SUCH_TYPE')).toThrow('Movement task type NO_SUCH_TYPE is not registered');
  });

  it('learns PUTAWAY from inbound when its routes are registered', () => {
    const routes: string[] = [];
    const app = { post: (url: string) => routes.push(url) } as unknown as FastifyInstance;
    registerPutawayRoutes(app, { db: null } as unknown as AppContext);
    expect(routes.length).toBeGreaterThan(0);
    expect(movementTaskType('PUTAWAY')).toBe(PUTAWAY_TASK);
    expect(PUTAWAY_TASK).toMatchObject({ category: 'INBOUND', tranType: 'PUTAWAY', serialEvent: 'PUTAWAY' });
  });
});
