import type { Product } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchProducts } from '../../../lib/products/list-products';

export const LATEST_COUNT = 4;

/**
 * The last 4 products (highest ids) for "Sites you may Like". GET /product/ is ordered by id ascending, so
 * this reads the count and then the last page or two of 4 (one request when there are at most 4).
 */
export async function fetchLatestProducts(signal?: AbortSignal): Promise<Product[]> {
  const first = await fetchProducts({ page: 1, page_size: LATEST_COUNT }, signal);
  const { count } = first.payload;
  if (count <= LATEST_COUNT) return [...first.payload.results].reverse();
  const lastPage = Math.ceil(count / LATEST_COUNT);
  const pages = count % LATEST_COUNT === 0 ? [lastPage] : [lastPage - 1, lastPage];
  const answers = await Promise.all(
    pages.map((page) => fetchProducts({ page, page_size: LATEST_COUNT }, signal)),
  );
  return answers
    .flatMap((a) => a.payload.results)
    .sort((a, b) => b.id - a.id)
    .slice(0, LATEST_COUNT);
}

export function useLatestProducts(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['products', 'latest'],
    queryFn: ({ signal }) => fetchLatestProducts(signal),
  });
}
