/** Sites a page of /products shows. */
export const PRODUCTS_PAGE_SIZE = 24;
