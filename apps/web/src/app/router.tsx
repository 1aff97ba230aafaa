import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { PageLoader } from '../components/page-loader';
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

const page = (element: React.ReactNode) => <Suspense fallback={<PageLoader />}>{element}</Suspense>;

/** Every route of SPEC section 2. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: page(<HomePage />) },
      { path: '/verify-mobile', element: page(<VerifyMobilePage />) },
      { path: '/products', element: page(<ProductsPage />) },
      { path: '/customize', element: page(<CustomizePage />) },
      { path: '/campaigns', element: page(<CampaignsPage />) },
      { path: '/campaign/:campaignId', element: page(<CampaignPage />) },
      { path: '/campaign/:campaignId/product/:productId', element: page(<ProductPage />) },
      { path: '/product/:productId', element: page(<ProductPage />) },
      { path: '/customized-campaign/product/:productId', element: page(<ProductPage />) },
      { path: '/customized-campaign-preview', element: page(<CustomizedPreviewPage />) },
      { path: '/cart', element: page(<CartPage />) },
      { path: '/user-details', element: page(<CheckoutPage />) },
      { path: '/my-orders', element: page(<MyOrdersPage />) },
      { path: '/profile', element: page(<ProfilePage />) },
      { path: '/terms-and-conditions', element: page(<TermsPage />) },
      { path: '/privacy-policy', element: page(<PrivacyPage />) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
