/** Sites a page of /products shows. */
export const PRODUCTS_PAGE_SIZE = 24;

/**
 * The answer /products is rendered with on the server when its address has no query (routes/products.tsx):
 * the first page of every live site, as the page itself asks for it.
 */
export const PRODUCTS_FIRST_PAGE = `/api/product/?page=1&page_size=${PRODUCTS_PAGE_SIZE}`;
