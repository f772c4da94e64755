import { describe, expect, it } from 'vitest';
import { likePattern, pageOf } from '../../server/http/listQuery';

describe('list query helpers', () => {
  it('turns a 1-based page into LIMIT/OFFSET', () => {
    expect(pageOf({ page: 1, perPage: 25 })).toEqual({ limit: 25, offset: 0 });
    expect(pageOf({ page: 3, perPage: 10 })).toEqual({ limit: 10, offset: 20 });
  });

  it('escapes LIKE wildcards typed by the user', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(likePattern('abc')).toBe('%abc%');
  });
});
