import { AUDIENCE_IMPRESSIONS_MAX, PRODUCT_ORDERINGS, productQueryCheckedSchema } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import { CPM_CHOICES, IMPRESSION_CHOICES, IMPRESSIONS_MAX, listOrderOf, SORT_CHOICES } from './list-order';

describe("the list's sort and audience filters", () => {
  it('offers every ordering the API takes, and only those', () => {
    expect(
      SORT_CHOICES.map((c) => c.value)
        .filter(Boolean)
        .sort(),
    ).toEqual([...PRODUCT_ORDERINGS].sort());
    expect(IMPRESSIONS_MAX).toBe(AUDIENCE_IMPRESSIONS_MAX);
  });

  it('sends only values the API accepts', () => {
    for (const choice of [...SORT_CHOICES, ...CPM_CHOICES, ...IMPRESSION_CHOICES]) {
      if (!choice.value) continue;
      const key = SORT_CHOICES.includes(choice)
        ? 'ordering'
        : CPM_CHOICES.includes(choice)
          ? 'cpm'
          : 'impression';
      expect(productQueryCheckedSchema.safeParse({ [key]: choice.value }).success, choice.value).toBe(true);
    }
  });

  it('reads the choices from an address and ignores anything else', () => {
    expect(listOrderOf(new URLSearchParams('ordering=cpm&cpm=0,50&impression=100000,100000000'))).toEqual({
      ordering: 'cpm',
      cpm: '0,50',
      impression: '100000,100000000',
    });
    expect(listOrderOf(new URLSearchParams('ordering=price&cpm=0,73&impression=1,2'))).toEqual({
      ordering: '',
      cpm: '',
      impression: '',
    });
    expect(IMPRESSION_CHOICES.map((c) => c.label)).toContain('1 lakh+ a day');
  });
});
