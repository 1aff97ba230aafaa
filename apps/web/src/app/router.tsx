import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { HOME_TITLE, PageTitle } from '../lib/page-title';
import { ClientOnly, HydrationGate } from '../lib/use-hydrated';
import { AppLayout } from './layout/app-layout';

// Route-level code splitting: each screen is its own chunk.
const HomePage = lazy(() => import('../features/home/home-page'));
const VerifyMobilePage = lazy(() => import('../features/auth/verify-mobile-page'));
const ProductsPage = lazy(() => import('../features/products/products-page'));
const CustomizePage = lazy(() => import('../features/customize/customize-page'));
const CustomizedPreviewPage = lazy(() => import('../features/customize/customized-preview-page'));
const CampaignsPage = lazy(() => import('../features/campaigns/campaigns-page'));
const CampaignPage = lazy(() => import('../features/campaigns/campaign-page'));
const ProductPage = lazy(() => import('../features/product-detail/product-page'));
const CartPage = lazy(() => import('../features/cart/cart-page'));
const CheckoutPage = lazy(() => import('../features/checkout/checkout-page'));
const MyOrdersPage = lazy(() => import('../features/orders/my-orders-page'));
const OrderPage = lazy(() => import('../features/orders/order-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const TermsPage = lazy(() => import('../features/legal/terms-page'));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page'));
const SharedPlanPage = lazy(() => import('../features/plans/shared-plan-page'));
const CityPage = lazy(() => import('../features/city-pages/city-page'));
// The other two audiences' rooms (docs/product-rules.md section 7): each one chunk graph, loaded only by its users.
const PartnerArea = lazy(() => import('../partner/partner-area'));
const OpsArea = lazy(() => import('../ops/ops-area'));

/** A lazily loaded screen, marked until hydrated. */
const suspended = (element: React.ReactNode) => (
  <Suspense fallback={<PageLoader />}>
    <HydrationGate>{element}</HydrationGate>
  </Suspense>
);
/** `title`: the page's browser title; a page with data (a site, a campaign) names it better once loaded. */
const page = (element: React.ReactNode, title: string) => (
  <>
    <PageTitle title={title} />
    {suspended(element)}
  </>
);
/**
 * A screen drawn from this browser's storage or session (the cart, the checkout, a signed-in page): the
 * prerendered HTML shows the loader there, never another visitor's empty state, and it renders once hydrated.
 */
const browserPage = (element: React.ReactNode, title: string) => (
  <>
    <PageTitle title={title} />
    <ClientOnly fallback={<PageLoader />}>{suspended(element)}</ClientOnly>
  </>
);

/** Titles of pages that name themselves once their data is in (usePageTitle in the page). */
const SITE_TITLE = 'Advertising site';
const CAMPAIGN_TITLE = 'Campaign';
const CITY_TITLE = 'Outdoor advertising';

/** Every route of docs/product-spec.md section 2. Declarative routes: the data router would add ~20 KB gzipped to every page. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/" element={page(<HomePage />, HOME_TITLE)} />
        <Route path="/verify-mobile" element={browserPage(<VerifyMobilePage />, 'Sign in')} />
        <Route path="/products" element={page(<ProductsPage />, 'Advertising Sites')} />
        <Route path="/customize" element={page(<CustomizePage />, 'Customize Your Campaign')} />
        <Route path="/campaigns" element={page(<CampaignsPage />, 'Campaigns')} />
        <Route path="/campaign/:campaignId" element={page(<CampaignPage />, CAMPAIGN_TITLE)} />
        <Route path="/campaign/:campaignId/product/:productId" element={page(<ProductPage />, SITE_TITLE)} />
        <Route path="/product/:productId" element={page(<ProductPage />, SITE_TITLE)} />
        <Route path="/customized-campaign/product/:productId" element={page(<ProductPage />, SITE_TITLE)} />
        <Route
          path="/customized-campaign-preview"
          element={browserPage(<CustomizedPreviewPage />, 'Your Customized Campaign')}
        />
        <Route path="/cart" element={browserPage(<CartPage />, 'My Cart')} />
        <Route path="/user-details" element={browserPage(<CheckoutPage />, 'Checkout')} />
        <Route path="/my-orders" element={browserPage(<MyOrdersPage />, 'My Orders')} />
        <Route path="/my-orders/:orderId" element={browserPage(<OrderPage />, 'Order')} />
        <Route path="/profile" element={browserPage(<ProfilePage />, 'Profile')} />
        <Route path="/terms-and-conditions" element={page(<TermsPage />, 'Terms and Conditions')} />
        <Route path="/privacy-policy" element={page(<PrivacyPage />, 'Privacy Policy')} />
        <Route path="/plan/:token" element={browserPage(<SharedPlanPage />, 'Shared media plan')} />
        <Route path="/outdoor-advertising/:city" element={page(<CityPage />, CITY_TITLE)} />
        <Route path="/outdoor-advertising/:city/:format" element={page(<CityPage />, CITY_TITLE)} />
        <Route path="/partner/*" element={browserPage(<PartnerArea />, 'Media owner console')} />
        <Route path="/ops/*" element={browserPage(<OpsArea />, 'Back office')} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
