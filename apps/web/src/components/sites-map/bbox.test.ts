import { bboxSchema } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import { parseBbox } from './bbox';

describe('parseBbox', () => {
  it('keeps exactly what GET /api/product/ accepts', () => {
    for (const value of [
      '72.7,18.8,73,19.1',
      '1,2,3',
      'a,b,c,d',
      '74,18,73,19',
      '72,-91,73,1',
      '0,0,0,0',
      '1,,2,3',
    ]) {
      expect(parseBbox(value) !== null, value).toBe(bboxSchema.safeParse(value).success);
    }
    expect(parseBbox('72.7,18.8,73,19.1')).toEqual([72.7, 18.8, 73, 19.1]);
    expect(parseBbox(null)).toBeNull();
  });
});
