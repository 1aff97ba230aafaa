import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../components/page-loader';

/**
 * The operator's back office under /ops (DESIGN.md section 7): its own room, loaded only when an operator
 * opens /ops. Each screen is its own chunk.
 */
const OpsHomePage = lazy(() => import('./features/queues/ops-home-page'));
const MediaOwnersPage = lazy(() => import('./features/media-owners/media-owners-page'));
const OpsSitesPage = lazy(() => import('./features/sites/ops-sites-page'));
const OpsOrdersPage = lazy(() => import('./features/orders/ops-orders-page'));
const OpsOrderPage = lazy(() => import('./features/orders/ops-order-page'));
const AuditPage = lazy(() => import('./features/audit/audit-page'));

export default function OpsArea() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route index element={<OpsHomePage />} />
        <Route path="media-owners" element={<MediaOwnersPage />} />
        <Route path="sites" element={<OpsSitesPage />} />
        <Route path="orders" element={<OpsOrdersPage />} />
        <Route path="orders/:orderId" element={<OpsOrderPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="*" element={<Navigate to="/ops" replace />} />
      </Routes>
    </Suspense>
  );
}
