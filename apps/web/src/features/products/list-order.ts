/**
 * The list's sort and its audience filters (DESIGN section 20): the address holds what GET /product/ takes
 * (`ordering`, `cpm=min,max` rupees per thousand a day, `impression=min,max` a day), limited to the
 * choices below, so a made-up value in an address is ignored rather than sent and answered with a 400.
 * The values are written here rather than imported with the schemas, so the page does not bring zod along;
 * list-order.test.ts keeps them equal to PRODUCT_ORDERINGS and AUDIENCE_IMPRESSIONS_MAX.
 */
export interface Choice {
  value: string;
  label: string;
}

export const SORT_CHOICES: readonly Choice[] = [
  { value: '', label: 'Standard order' },
  { value: 'cpm', label: 'Lowest CPM first' },
  { value: '-impressions', label: 'Most impressions first' },
  { value: '-cpm', label: 'Highest CPM first' },
  { value: 'impressions', label: 'Fewest impressions first' },
];

/** A day's CPM: the daily price over the daily impressions x 1,000 (before GST). */
export const CPM_CHOICES: readonly Choice[] = [
  { value: '', label: 'Any CPM' },
  ...[10, 25, 50, 100, 250].map((max) => ({ value: `0,${max}`, label: `Up to ₹${max} per 1,000` })),
];

/** The largest daily impressions a site may declare (AUDIENCE_IMPRESSIONS_MAX): the open end of "N+ a day". */
export const IMPRESSIONS_MAX = 100_000_000;

const lakh = (n: number) => (n >= 100_000 ? `${n / 100_000} lakh` : n.toLocaleString('en-IN'));
export const IMPRESSION_CHOICES: readonly Choice[] = [
  { value: '', label: 'Any audience' },
  ...[25_000, 50_000, 100_000, 200_000, 500_000].map((min) => ({
    value: `${min},${IMPRESSIONS_MAX}`,
    label: `${lakh(min)}+ a day`,
  })),
];

export interface ListOrder {
  ordering: string;
  cpm: string;
  impression: string;
}

const known = (choices: readonly Choice[], value: string | null) =>
  value !== null && choices.some((c) => c.value === value) ? value : '';

/** The sort and audience filters an address holds, each '' unless it is one of the choices. */
export function listOrderOf(params: URLSearchParams): ListOrder {
  return {
    ordering: known(SORT_CHOICES, params.get('ordering')),
    cpm: known(CPM_CHOICES, params.get('cpm')),
    impression: known(IMPRESSION_CHOICES, params.get('impression')),
  };
}

/** Sorted by CPM, a card says its CPM; by impressions it already shows them. */
export const sortsByCpm = (order: Pick<ListOrder, 'ordering' | 'cpm'>) =>
  order.ordering.endsWith('cpm') || order.cpm !== '';
