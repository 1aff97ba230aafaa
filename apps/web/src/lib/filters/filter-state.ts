import type { FilterDefinition } from '@ooh/shared';

/**
 * Selected filters as docs/product-spec.md section 3 keeps them: a map by filter name; a category filter holds the list of
 * selected values, a range filter a pair that defaults to [0,0] ("untouched": the slider shows min..max).
 */
export type SelectedFilters = Record<string, string[] | [number, number]>;

export const UNTOUCHED_RANGE: [number, number] = [0, 0];

/** The value a category option stands for: dynamic values by id, static ones as they are. */
export const optionValue = (value: FilterDefinition['values'][number]): string =>
  typeof value === 'string' ? value : String(value.id);
export const optionLabel = (value: FilterDefinition['values'][number]): string =>
  typeof value === 'string' ? value : value.name;

export function initialFilters(definitions: readonly FilterDefinition[]): SelectedFilters {
  return Object.fromEntries(
    definitions.map((d) => [d.name, d.type === 'category' ? [] : ([...UNTOUCHED_RANGE] as [number, number])]),
  );
}

const selectedValues = (selected: SelectedFilters, name: string): string[] => {
  const v = selected[name];
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : [];
};

/** A category change: the value joins or leaves that filter's list. */
export function toggleCategory(
  selected: SelectedFilters,
  name: string,
  value: string,
  checked: boolean,
): SelectedFilters {
  const current = selectedValues(selected, name);
  const next = checked
    ? current.includes(value)
      ? current
      : [...current, value]
    : current.filter((v) => v !== value);
  return { ...selected, [name]: next };
}

/** A range change replaces that filter's pair. */
export const setRange = (
  selected: SelectedFilters,
  name: string,
  pair: [number, number],
): SelectedFilters => ({
  ...selected,
  [name]: pair,
});

/** The pair a range filter stands at: untouched shows the whole range. */
export function rangeValue(definition: FilterDefinition, selected: SelectedFilters): [number, number] {
  if (definition.type !== 'range') return [0, 0];
  const v = selected[definition.name];
  const pair =
    Array.isArray(v) && v.length === 2 && typeof v[0] === 'number'
      ? (v as [number, number])
      : UNTOUCHED_RANGE;
  return pair[0] === 0 && pair[1] === 0 ? [definition.min, definition.max] : pair;
}

/** A range narrows the list only when it differs from the whole span. */
function activeRange(definition: FilterDefinition, selected: SelectedFilters): [number, number] | null {
  if (definition.type !== 'range') return null;
  const [lo, hi] = rangeValue(definition, selected);
  return lo === definition.min && hi === definition.max ? null : [lo, hi];
}

export function countActive(definitions: readonly FilterDefinition[], selected: SelectedFilters): number {
  return definitions.filter((d) =>
    d.type === 'category' ? selectedValues(selected, d.name).length > 0 : activeRange(d, selected) !== null,
  ).length;
}

/** Query pairs for GET /product/ (docs/product-rules.md section 4): categories comma-separated, ranges as min,max. */
export function toProductQuery(
  definitions: readonly FilterDefinition[],
  selected: SelectedFilters,
): Record<string, string> {
  const query: Record<string, string> = {};
  for (const d of definitions) {
    if (d.type === 'category') {
      const values = selectedValues(selected, d.name);
      if (values.length) query[d.name] = values.join(',');
    } else {
      const range = activeRange(d, selected);
      if (range) query[d.name] = `${range[0]},${range[1]}`;
    }
  }
  return query;
}

/**
 * The filter names GET /product/ takes (productQuerySchema, docs/product-rules.md section 4) besides search, paging and
 * ids; filter-state.test.ts keeps them equal. Listed here so the page does not bring zod along.
 */
export const LIST_FILTERS = {
  category: 'list',
  state: 'list',
  district: 'list',
  lighting: 'list',
  price: 'range',
  impression: 'range',
  /** A day's CPM, rupees per thousand (decision 089). */
  cpm: 'range',
} as const;

const isRange = (value: string) => {
  const parts = value.split(',');
  const [lo, hi] = parts.map((v) => (v.trim() === '' ? Number.NaN : Number(v)));
  return parts.length === 2 && Number.isFinite(lo) && Number.isFinite(hi) && lo <= hi;
};

/**
 * The filter pairs of an address's query, as GET /product/ takes them (the same text toProductQuery writes):
 * known names with well-formed values; anything else in the address is ignored rather than sent.
 */
export function filterQueryOf(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, kind] of Object.entries(LIST_FILTERS)) {
    const value = params.get(key);
    if (value && value.length <= 2000 && (kind === 'list' || isRange(value))) query[key] = value;
  }
  return query;
}

/** The inverse of toProductQuery: the panel's selection drawn from the pairs in the address. */
export function fromProductQuery(
  definitions: readonly FilterDefinition[],
  query: Record<string, string>,
): SelectedFilters {
  const selected = initialFilters(definitions);
  for (const d of definitions) {
    const value = query[d.name];
    if (!value) continue;
    if (d.type === 'category') {
      selected[d.name] = value.split(',').filter(Boolean);
    } else {
      const [lo, hi] = value.split(',').map(Number);
      if (Number.isFinite(lo) && Number.isFinite(hi) && lo <= hi) selected[d.name] = [lo, hi];
    }
  }
  return selected;
}

/** Every filter name cleared, then the selection's pairs: what the address should hold for `selected`. */
export function filterQueryChanges(
  definitions: readonly FilterDefinition[],
  selected: SelectedFilters,
): Record<string, string> {
  const cleared = Object.fromEntries(Object.keys(LIST_FILTERS).map((key) => [key, '']));
  return { ...cleared, ...toProductQuery(definitions, selected) };
}
