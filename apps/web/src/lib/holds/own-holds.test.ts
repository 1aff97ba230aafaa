import type { Hold } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import { coveredByOwnHolds } from './own-holds';

const hold = (product_id: number, from_date: string, to_date: string, status: Hold['status'] = 'active') =>
  ({ product_id, from_date, to_date, status }) as Hold;

describe('coveredByOwnHolds', () => {
  it("counts a line only when one of the caller's live holds covers its whole range", () => {
    const lines = [
      { product_id: 1, from_date: '2026-12-10', to_date: '2026-12-17' },
      { product_id: 2, from_date: '2026-12-10', to_date: '2026-12-17' },
      { product_id: 3, from_date: '2026-12-10', to_date: '2026-12-17' },
      { product_id: 4, from_date: '2026-12-10', to_date: '2026-12-17' },
    ];
    const holds = [
      hold(1, '2026-12-09', '2026-12-20'),
      hold(2, '2026-12-11', '2026-12-17'),
      hold(3, '2026-12-10', '2026-12-17', 'released'),
      hold(4, '2026-12-10', '2026-12-17', 'requested'),
    ];
    expect([...coveredByOwnHolds(lines, holds)]).toEqual([1, 4]);
    expect(coveredByOwnHolds(lines, undefined).size).toBe(0);
  });
});
