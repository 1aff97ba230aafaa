import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../components/page-loader';
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
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const TermsPage = lazy(() => import('../features/legal/terms-page'));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page'));

const page = (element: React.ReactNode) => (
  <Suspense fallback={<PageLoader />}>
    <HydrationGate>{element}</HydrationGate>
  </Suspense>
);
/**
 * A screen drawn from this browser's storage or session (the cart, the checkout, a signed-in page): the
 * prerendered HTML shows the loader there, never another visitor's empty state, and it renders once hydrated.
 */
const browserPage = (element: React.ReactNode) => (
  <ClientOnly fallback={<PageLoader />}>{page(element)}</ClientOnly>
);

/** Every route of SPEC section 2. Declarative routes: the data router would add ~20 KB gzipped to every page. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/" element={page(<HomePage />)} />
        <Route path="/verify-mobile" element={browserPage(<VerifyMobilePage />)} />
        <Route path="/products" element={page(<ProductsPage />)} />
        <Route path="/customize" element={page(<CustomizePage />)} />
        <Route path="/campaigns" element={page(<CampaignsPage />)} />
        <Route path="/campaign/:campaignId" element={page(<CampaignPage />)} />
        <Route path="/campaign/:campaignId/product/:productId" element={page(<ProductPage />)} />
        <Route path="/product/:productId" element={page(<ProductPage />)} />
        <Route path="/customized-campaign/product/:productId" element={page(<ProductPage />)} />
        <Route path="/customized-campaign-preview" element={browserPage(<CustomizedPreviewPage />)} />
        <Route path="/cart" element={browserPage(<CartPage />)} />
        <Route path="/user-details" element={browserPage(<CheckoutPage />)} />
        <Route path="/my-orders" element={browserPage(<MyOrdersPage />)} />
        <Route path="/profile" element={browserPage(<ProfilePage />)} />
        <Route path="/terms-and-conditions" element={page(<TermsPage />)} />
        <Route path="/privacy-policy" element={page(<PrivacyPage />)} />
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
