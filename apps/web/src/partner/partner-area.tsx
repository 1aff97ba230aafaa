import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../components/page-loader';

/**
 * The media owner's console under /partner (DESIGN.md section 7): its own room, loaded only when a user
 * opens /partner, so none of it reaches the buyer's pages. Each screen is its own chunk.
 */
const PartnerHomePage = lazy(() => import('./features/overview/partner-home-page'));
const SitesPage = lazy(() => import('./features/sites/sites-page'));
const SiteEditPage = lazy(() => import('./features/sites/site-edit-page'));
const CalendarPage = lazy(() => import('./features/calendar/calendar-page'));
const BookingsPage = lazy(() => import('./features/bookings/bookings-page'));
const ImportPage = lazy(() => import('./features/import/import-page'));

export default function PartnerArea() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route index element={<PartnerHomePage />} />
        <Route path="sites" element={<SitesPage />} />
        <Route path="sites/new" element={<SiteEditPage />} />
        <Route path="sites/:siteId" element={<SiteEditPage />} />
        <Route path="calendar" element={<CalendarPage />} />
        <Route path="bookings" element={<BookingsPage />} />
        <Route path="import" element={<ImportPage />} />
        <Route path="*" element={<Navigate to="/partner" replace />} />
      </Routes>
    </Suspense>
  );
}
