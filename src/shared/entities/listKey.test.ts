import { describe, expect, it } from 'vitest';
import { ENTITIES } from './index';

describe('the key column a list pins (issue 27 item 7)', () => {
  it('is a shown column of its entity', () => {
    for (const entity of Object.values(ENTITIES)) {
      if (!entity.listKey) continue;
      const field = entity.fields[entity.listKey];
      expect(field?.column, `${entity.name}.${entity.listKey}`).toBe(true);
      expect(field?.hidden, `${entity.name}.${entity.listKey}`).toBeFalsy();
    }
  });

  it('is the document number or code of the document lists and locations, not their warehouse', () => {
    const firstShown = (name: string) =>
      Object.entries(ENTITIES[name]?.fields ?? {}).find(([, def]) => def.column && !def.hidden)?.[0];
    const pinned = (name: string) => ENTITIES[name]?.listKey ?? firstShown(name);
    expect(pinned('tOrder')).toBe('orderNumber');
    expect(pinned('tblInvAdjustment')).toBe('taskId');
    expect(pinned('tPoMaster')).toBe('poNumber');
    expect(pinned('tLocation')).toBe('locationId');
  });
});
