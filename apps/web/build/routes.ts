import { PRODUCTS_FIRST_PAGE } from '../src/features/products/first-page.ts';
import type { RoutePage, ServerRenderedWith } from './route-preload.ts';

const CITY_PAGE_DATA = (params: string): ServerRenderedWith => ({
  answers: [`/api/outdoor-advertising${params}`, '/api/outdoor-advertising'],
  render404: true,
});

/**
 * Every route of src/app/router.tsx with the page module it loads (router.test.ts keeps the two in step):
 * index.html preloads the page's chunks for the URL it is opened at. A third element names the API answer
 * the server renders the page with: /product/{id}, whose first render needs nothing else (the campaign
 * variants draw from this browser's stored campaign and draft, which the server cannot know), the city pages
 * and /products without a query.
 */
export const ROUTE_PAGES: RoutePage[] = [
  ['/', 'src/features/home/home-page.tsx'],
  ['/verify-mobile', 'src/features/auth/verify-mobile-page.tsx'],
  // Without a query, /products arrives with its first page of sites (and the first photo) in the HTML.
  [
    '/products',
    'src/features/products/products-page.tsx',
    { answers: [PRODUCTS_FIRST_PAGE], render404: false, queryless: true },
  ],
  ['/customize', 'src/features/customize/customize-page.tsx'],
  ['/campaigns', 'src/features/campaigns/campaigns-page.tsx'],
  ['/campaign/:campaignId', 'src/features/campaigns/campaign-page.tsx'],
  ['/campaign/:campaignId/product/:productId', 'src/features/product-detail/product-page.tsx'],
  ['/product/:productId', 'src/features/product-detail/product-page.tsx', '/api/product/:productId'],
  ['/customized-campaign/product/:productId', 'src/features/product-detail/product-page.tsx'],
  ['/customized-campaign-preview', 'src/features/customize/customized-preview-page.tsx'],
  ['/cart', 'src/features/cart/cart-page.tsx'],
  ['/user-details', 'src/features/checkout/checkout-page.tsx'],
  ['/my-orders', 'src/features/orders/my-orders-page.tsx'],
  ['/my-orders/:orderId', 'src/features/orders/order-page.tsx'],
  ['/profile', 'src/features/profile/profile-page.tsx'],
  ['/terms-and-conditions', 'src/features/legal/terms-page.tsx'],
  ['/privacy-policy', 'src/features/legal/privacy-page.tsx'],
  ['/plan/:token', 'src/features/plans/shared-plan-page.tsx'],
  // City and format pages (docs/product-rules.md section 12): rendered on request with their sites and the city list, for
  // search engines; an unknown city renders its helpful not-found page with status 404.
  ['/outdoor-advertising/:city', 'src/features/city-pages/city-page.tsx', CITY_PAGE_DATA('/:city')],
  [
    '/outdoor-advertising/:city/:format',
    'src/features/city-pages/city-page.tsx',
    CITY_PAGE_DATA('/:city/:format'),
  ],
];
