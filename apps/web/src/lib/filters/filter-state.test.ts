import { type FilterDefinition, productQuerySchema } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import {
  countActive,
  filterQueryChanges,
  filterQueryOf,
  fromProductQuery,
  initialFilters,
  LIST_FILTERS,
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

  it('round-trip through the address: the query written for a selection reads back as that selection', () => {
    let s = toggleCategory(initialFilters(definitions), 'category', '2', true);
    s = toggleCategory(s, 'state', 'Goa', true);
    s = setRange(s, 'price', [1000, 5000]);
    const url = new URLSearchParams();
    for (const [key, value] of Object.entries(filterQueryChanges(definitions, s)))
      if (value) url.set(key, value);
    expect(url.toString()).toBe('category=2&state=Goa&price=1000%2C5000');
    expect(filterQueryOf(url)).toEqual({ category: '2', state: 'Goa', price: '1000,5000' });
    expect(fromProductQuery(definitions, filterQueryOf(url))).toEqual(s);
  });

  it('clearing a selection empties every filter name; junk and invalid values in the address are dropped', () => {
    expect(filterQueryChanges(definitions, initialFilters(definitions))).toMatchObject({
      category: '',
      state: '',
      price: '',
      impression: '',
    });
    const url = new URLSearchParams('utm_source=x&price=9,1&impression=abc&state=Goa&page=3&search=lamp');
    expect(filterQueryOf(url)).toEqual({ state: 'Goa' });
    expect(fromProductQuery(definitions, { state: 'Goa' })).toEqual({
      category: [],
      state: ['Goa'],
      price: [0, 0],
    });
  });

  it('the address carries exactly the filters GET /product/ takes, and only values it accepts', () => {
    const names = Object.keys(productQuerySchema.shape).filter(
      // Dates travel beside the filters (the date pickers own them), like search and the map's area.
      (key) =>
        ![
          'search',
          'page',
          'page_size',
          'ids',
          'bbox',
          'near',
          'radius_km',
          'available_from',
          'available_to',
          'flexible',
          // An order, not a filter: the list page's Sort by owns it (features/products/list-order.ts).
          'ordering',
        ].includes(key),
    );
    expect(Object.keys(LIST_FILTERS).sort()).toEqual(names.sort());
    for (const [key, value] of [
      ['price', '1,2'],
      ['price', '2,1'],
      ['price', '1,'],
      ['price', 'a,b'],
      ['impression', '0,0'],
      ['state', 'Goa,Kerala'],
    ]) {
      const kept = key in filterQueryOf(new URLSearchParams({ [key]: value }));
      expect(kept, `${key}=${value}`).toBe(
        productQuerySchema.shape[key as keyof typeof productQuerySchema.shape].safeParse(value).success,
      );
    }
  });
});
