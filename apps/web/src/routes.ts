import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * The one route table (docs/decisions/043-routing-framework.md): every page of the product, each a route module
 * under routes/ (its own chunk, with its title in `meta` and, where the server can know it, its data in a
 * `loader`). The media owner's and the operator's rooms are a layout route each (the gate, the frame and
 * their loader) whose screens are route modules of their own, so a screen's code loads only when it is opened
 * and none of it reaches the buyer's pages.
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
    route('briefs', 'routes/briefs.tsx'),
    route('briefs/:briefId', 'routes/brief.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('agency', 'features/agency/agency-route.tsx'),
    route('account-erased', 'routes/account-erased.tsx'),
    route('terms-and-conditions', 'routes/terms.tsx'),
    route('privacy-policy', 'routes/privacy.tsx'),
    route('plan/:token', 'routes/shared-plan.tsx'),
    route('approvals/:token', 'features/approvals/approval-route.tsx'),
    route('outdoor-advertising/:city', 'routes/city.tsx', { id: 'city' }),
    route('outdoor-advertising/:city/:format', 'routes/city.tsx', { id: 'city-format' }),
    route('partner', 'routes/partner.tsx', [
      index('partner/features/overview/partner-home-page.tsx'),
      route('sites', 'partner/features/sites/sites-page.tsx'),
      route('sites/new', 'partner/features/sites/site-edit-page.tsx', { id: 'partner-new-site' }),
      route('sites/:siteId', 'partner/features/sites/site-edit-page.tsx', { id: 'partner-site' }),
      route('calendar', 'partner/features/calendar/calendar-page.tsx'),
      route('bookings', 'partner/features/bookings/bookings-page.tsx'),
      route('briefs', 'partner/features/briefs/partner-briefs-page.tsx'),
      route('import', 'partner/features/import/import-page.tsx'),
      route('creatives', 'partner/features/creatives/creatives-page.tsx'),
      route('proofs', 'partner/features/proofs/proofs-page.tsx'),
      route('statements', 'partner/features/statements/statements-page.tsx'),
      route('payouts', 'partner/features/payouts/payouts-page.tsx'),
      route('members', 'partner/features/members/members-page.tsx'),
      route('pricing', 'partner/features/pricing/pricing-rules-page.tsx'),
      route('*', 'routes/room-unknown.tsx', { id: 'partner-unknown' }),
    ]),
    route('ops', 'routes/ops.tsx', [
      index('ops/features/queues/ops-home-page.tsx'),
      route('media-owners', 'ops/features/media-owners/media-owners-page.tsx'),
      route('sites', 'ops/features/sites/ops-sites-page.tsx'),
      route('orders', 'ops/features/orders/ops-orders-page.tsx'),
      route('orders/:orderId', 'ops/features/orders/ops-order-page.tsx'),
      route('payouts', 'ops/features/payouts/payouts-ledger-page.tsx'),
      route('audit', 'ops/features/audit/audit-page.tsx'),
      route('overdue', 'ops/features/overdue/overdue-page.tsx'),
      route('refunds', 'ops/features/refunds/refunds-page.tsx'),
      route('breaches', 'ops/features/breaches/breaches-page.tsx'),
      route('tax', 'ops/features/tax/tax-reports-page.tsx'),
      route('*', 'routes/room-unknown.tsx', { id: 'ops-unknown' }),
    ]),
    route('*', 'routes/unknown.tsx'),
  ]),
] satisfies RouteConfig;
