import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { OpsLayout } from './components/ops-layout';

/**
 * The operator's back office under /ops (docs/product-rules.md section 7): its own room, loaded only when an operator
 * opens /ops. Each screen is its own chunk; the layout checks access once for all of them.
 */
const OpsHomePage = lazy(() => import('./features/queues/ops-home-page'));
const MediaOwnersPage = lazy(() => import('./features/media-owners/media-owners-page'));
const OpsSitesPage = lazy(() => import('./features/sites/ops-sites-page'));
const OpsOrdersPage = lazy(() => import('./features/orders/ops-orders-page'));
const OpsOrderPage = lazy(() => import('./features/orders/ops-order-page'));
const PayoutsLedgerPage = lazy(() => import('./features/payouts/payouts-ledger-page'));
const AuditPage = lazy(() => import('./features/audit/audit-page'));
const OverduePage = lazy(() => import('./features/overdue/overdue-page'));
const RefundsPage = lazy(() => import('./features/refunds/refunds-page'));

const screen = (element: React.ReactNode) => <Suspense fallback={<PageLoader />}>{element}</Suspense>;

export default function OpsArea() {
  return (
    <Routes>
      <Route element={<OpsLayout />}>
        <Route index element={screen(<OpsHomePage />)} />
        <Route path="media-owners" element={screen(<MediaOwnersPage />)} />
        <Route path="sites" element={screen(<OpsSitesPage />)} />
        <Route path="orders" element={screen(<OpsOrdersPage />)} />
        <Route path="orders/:orderId" element={screen(<OpsOrderPage />)} />
        <Route path="payouts" element={screen(<PayoutsLedgerPage />)} />
        <Route path="audit" element={screen(<AuditPage />)} />
        <Route path="overdue" element={screen(<OverduePage />)} />
        <Route path="refunds" element={screen(<RefundsPage />)} />
      </Route>
      <Route path="*" element={<Navigate to="/ops" replace />} />
    </Routes>
  );
}
