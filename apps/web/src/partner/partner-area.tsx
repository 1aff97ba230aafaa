import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../components/page-loader';
import PartnerLayout from './partner-layout';

/**
 * The media owner's console under /partner (docs/product-rules.md section 7): its own room, loaded only when a user
 * opens /partner, so none of it reaches the buyer's pages. Each screen is its own chunk, drawn inside
 * PartnerLayout (the membership gate and the console's navigation).
 */
const PartnerHomePage = lazy(() => import('./features/overview/partner-home-page'));
const SitesPage = lazy(() => import('./features/sites/sites-page'));
const SiteEditPage = lazy(() => import('./features/sites/site-edit-page'));
const CalendarPage = lazy(() => import('./features/calendar/calendar-page'));
const BookingsPage = lazy(() => import('./features/bookings/bookings-page'));
const ImportPage = lazy(() => import('./features/import/import-page'));
const CreativesPage = lazy(() => import('./features/creatives/creatives-page'));
const ProofsPage = lazy(() => import('./features/proofs/proofs-page'));
const StatementsPage = lazy(() => import('./features/statements/statements-page'));
const PayoutsPage = lazy(() => import('./features/payouts/payouts-page'));
const MembersPage = lazy(() => import('./features/members/members-page'));

const screen = (element: React.ReactNode) => <Suspense fallback={<PageLoader />}>{element}</Suspense>;

export default function PartnerArea() {
  return (
    <Routes>
      <Route element={<PartnerLayout />}>
        <Route index element={screen(<PartnerHomePage />)} />
        <Route path="sites" element={screen(<SitesPage />)} />
        <Route path="sites/new" element={screen(<SiteEditPage />)} />
        <Route path="sites/:siteId" element={screen(<SiteEditPage />)} />
        <Route path="calendar" element={screen(<CalendarPage />)} />
        <Route path="bookings" element={screen(<BookingsPage />)} />
        <Route path="import" element={screen(<ImportPage />)} />
        <Route path="creatives" element={screen(<CreativesPage />)} />
        <Route path="proofs" element={screen(<ProofsPage />)} />
        <Route path="statements" element={screen(<StatementsPage />)} />
        <Route path="payouts" element={screen(<PayoutsPage />)} />
        <Route path="members" element={screen(<MembersPage />)} />
        <Route path="*" element={<Navigate to="/partner" replace />} />
      </Route>
    </Routes>
  );
}
