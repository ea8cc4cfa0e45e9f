import { describe, expect, it } from 'vitest';
import { tOrder } from '../../shared/entities/tOrder';
import { filtersFromQuery } from './urlFilters';

describe('filtersFromQuery (a list opened filtered by its address)', () => {
  it('takes the entity’s filterable fields and the screen’s own filters, ignoring the time of opening and unknown keys', () => {
    expect(filtersFromQuery('?whId=WH01&status=K&t=1795796061441&nope=1&range=7', tOrder, ['range'])).toEqual({
      whId: 'WH01',
      status: 'K',
      range: '7',
    });
  });

  it('ignores empty values, repeated keys after the first, fields that are not filters and prototype keys', () => {
    expect(filtersFromQuery('whId=&status=K&status=C&remark=x&constructor=1&__proto__=1', tOrder)).toEqual({ status: 'K' });
  });
});
