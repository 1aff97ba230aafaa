/** Small helpers the catalogue lists share (products and campaigns). */

export interface PageLinks {
  next: string | null;
  previous: string | null;
}

/**
 * Relative next/previous URLs that keep the list's filters, e.g. `/api/product/?page=3&page_size=24&state=Goa`.
 * Commas stay readable, since filter values are comma-separated. A page past the end points back to the last.
 */
export function pageLinks(
  path: string,
  filters: Array<[string, string | undefined]>,
  page: number,
  pageSize: number,
  count: number,
): PageLinks {
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  const link = (target: number) => {
    const pairs: Array<[string, string | undefined]> = [
      ['page', String(target)],
      ['page_size', String(pageSize)],
      ...filters,
    ];
    const query = pairs
      .filter((p): p is [string, string] => p[1] !== undefined && p[1] !== '')
      .map(([k, v]) => `${k}=${encodeURIComponent(v).replaceAll('%2C', ',')}`)
      .join('&');
    return `${path}?${query}`;
  };
  return {
    next: page < lastPage ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
  };
}

/** Clamps a bound to PostgreSQL's integer range, so absurd filter values match nothing instead of failing. */
export function clampInt(n: number): number {
  return Math.min(2_147_483_647, Math.max(-2_147_483_648, n));
}
