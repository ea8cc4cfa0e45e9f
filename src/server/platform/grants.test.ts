import { describe, expect, it } from 'vitest';
import { grantsClient, warehouseGrant } from './grants';

describe('grants', () => {
  it('reads a warehouse’s client list from the user’s own grants only, whatever the warehouse id', () => {
    const everyClient = { warehouses: 'all' as const, clients: {} };
    for (const whId of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(warehouseGrant(everyClient, whId)).toEqual({ whId, clients: null });
      expect(grantsClient(everyClient, whId, 'C1', 'write')).toBe(true);
    }
    const limited = { warehouses: ['WH01'], clients: { WH01: ['C1'] } };
    expect(grantsClient(limited, 'WH01', 'C1', 'write')).toBe(true);
    expect(grantsClient(limited, 'WH01', 'C2', 'write')).toBe(false);
    expect(grantsClient(limited, 'toString', 'C1', 'read')).toBe(false);
  });
});
