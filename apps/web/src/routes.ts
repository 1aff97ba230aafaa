import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * The one route table (docs/decisions/043-routing-framework.md): every page of the product, each a route module
 * under routes/ (its own chunk, with its title in `meta` and, where the server can know it, its data in a
 * `loader`). The media owner's and the operator's rooms are route modules too, so their code loads only
 * when one of their addresses is opened.
 */
export default [
  layout('app/layout/app-layout.tsx', [
    index('routes/home.tsx'),
    route('verify-mobile', 'routes/verify-mobile.tsx'),
    route('products', 'routes/products.tsx'),
    route('customize', 'routes/customize.tsx'),
    route('campaigns', 'routes/campaigns.tsx'),
    route('campaign/:campaignId', 'routes/campaign.tsx'),
    route('campaign/:campaignId/product/:productId', 'routes/product.tsx', { id: 'campaign-product' }),
    route('product/:productId', 'routes/product.tsx', { id: 'product' }),
    route('customized-campaign/product/:productId', 'routes/product.tsx', { id: 'customized-product' }),
    route('customized-campaign-preview', 'routes/customized-preview.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('user-details', 'routes/checkout.tsx'),
    route('my-orders', 'routes/my-orders.tsx'),
    route('my-orders/:orderId', 'routes/order.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('terms-and-conditions', 'routes/terms.tsx'),
    route('privacy-policy', 'routes/privacy.tsx'),
    route('plan/:token', 'routes/shared-plan.tsx'),
    route('outdoor-advertising/:city', 'routes/city.tsx', { id: 'city' }),
    route('outdoor-advertising/:city/:format', 'routes/city.tsx', { id: 'city-format' }),
    route('partner/*', 'routes/partner.tsx'),
    route('ops/*', 'routes/ops.tsx'),
    route('*', 'routes/unknown.tsx'),
  ]),
] satisfies RouteConfig;
