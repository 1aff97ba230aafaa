import type { FilterDefinition } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import {
  countActive,
  initialFilters,
  rangeValue,
  setRange,
  toggleCategory,
  toProductQuery,
} from './filter-state';

const definitions: FilterDefinition[] = [
  {
    display_name: 'Category',
    name: 'category',
    type: 'category',
    value_type: 'dynamic',
    values: [
      { id: 1, name: 'Lamp Post' },
      { id: 2, name: 'Hoarding' },
    ],
  },
  {
    display_name: 'State',
    name: 'state',
    type: 'category',
    value_type: 'static',
    values: ['Goa', 'Maharashtra'],
  },
  {
    display_name: 'Price',
    name: 'price',
    type: 'range',
    value_type: 'static',
    values: [],
    min: 500,
    max: 25_000,
  },
];

describe('selected filters', () => {
  it('start empty: categories [], ranges [0,0] shown as min..max, nothing in the query', () => {
    const selected = initialFilters(definitions);
    expect(selected).toEqual({ category: [], state: [], price: [0, 0] });
    expect(rangeValue(definitions[2], selected)).toEqual([500, 25_000]);
    expect(countActive(definitions, selected)).toBe(0);
    expect(toProductQuery(definitions, selected)).toEqual({});
  });

  it('category changes add and remove values; dynamic values go by id', () => {
    let s = toggleCategory({}, 'category', '2', true);
    s = toggleCategory(s, 'category', '1', true);
    s = toggleCategory(s, 'state', 'Goa', true);
    s = toggleCategory(s, 'state', 'Goa', true);
    expect(toProductQuery(definitions, s)).toEqual({ category: '2,1', state: 'Goa' });
    expect(countActive(definitions, s)).toBe(2);
    s = toggleCategory(s, 'category', '2', false);
    expect(toProductQuery(definitions, s)).toEqual({ category: '1', state: 'Goa' });
  });

  it('a range narrows the query only when it differs from the whole span', () => {
    let s = setRange({}, 'price', [500, 25_000]);
    expect(toProductQuery(definitions, s)).toEqual({});
    s = setRange(s, 'price', [1000, 5000]);
    expect(toProductQuery(definitions, s)).toEqual({ price: '1000,5000' });
    expect(countActive(definitions, s)).toBe(1);
    expect(initialFilters(definitions).price).toEqual([0, 0]);
  });
});
