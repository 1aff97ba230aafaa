import { toQueryString } from '../../lib/api-client';
import type { ProductListQuery } from '../../lib/products/list-products';

/** Sites a page of /products shows. */
export const PRODUCTS_PAGE_SIZE = 24;

/**
 * The API address of a page of /products: the same on the server (routes/products.tsx renders every query
 * string with its results) and in the browser (features/products/products-page.tsx).
 */
export const productListPath = (query: ProductListQuery) => `/api/product/${toQueryString(query)}`;
