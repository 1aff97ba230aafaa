import { Box, Container, Tab, Tabs, Typography } from '@mui/material';
import type { MemberRole, Roles } from '@ooh/shared';
import { useEffect } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { LoadError } from '../components/load-error';
import { PageLoader } from '../components/page-loader';
import { RoomOutlet } from '../components/room-outlet';
import { ApiError } from '../lib/api-client';
import { useAuth } from '../lib/auth/auth-context';
import { signInPath } from '../lib/auth/redirect-target';
import { useKeptSession } from '../lib/auth/use-kept-session';
import { useRolesQuery } from '../lib/use-roles';
import { canSeeMoney } from './api/payouts';
import { SuspensionNotice } from './components/suspension-notice';
import ApplicationPage from './features/onboarding/application-page';
import ApplicationStatusPage from './features/onboarding/application-status-page';
import { PartnerOwnerContext } from './partner-context';

/** The console's sections (docs/product-rules.md section 7); the first match from the end wins, so /partner is exact. */
export const PARTNER_NAV = [
  { label: 'Overview', to: '/partner' },
  { label: 'Sites', to: '/partner/sites' },
  { label: 'Calendar', to: '/partner/calendar' },
  { label: 'Bookings', to: '/partner/bookings' },
  // Prices for the buyer's dates: admins and managers (the API refuses field members).
  { label: 'Briefs', to: '/partner/briefs', money: true },
  { label: 'Artwork', to: '/partner/creatives' },
  { label: 'Proofs', to: '/partner/proofs' },
  { label: 'Import', to: '/partner/import' },
  // Seasons and volume discounts (decision 081): money, so not a field member's.
  { label: 'Pricing', to: '/partner/pricing', money: true },
  { label: 'Statements', to: '/partner/statements', money: true },
  { label: 'Payouts', to: '/partner/payouts', money: true },
  { label: 'Members', to: '/partner/members' },
] as const;

type NavItem = { label: string; to: string; money?: boolean };

/**
 * Sections a suspended owner cannot use (DESIGN 7): importing sites, its team, and new business (answering
 * briefs, setting price rules: its sites are out of the catalogue, and the API refuses those writes).
 */
const CLOSED_WHILE_SUSPENDED = new Set([
  '/partner/import',
  '/partner/members',
  '/partner/briefs',
  '/partner/pricing',
]);

/**
 * The sections a member's role opens: field members see no money (docs/product-rules.md section 7); a
 * suspended owner keeps what serves its paid bookings.
 */
export const navFor = (role: MemberRole, suspended = false): readonly NavItem[] =>
  PARTNER_NAV.filter(
    (item: NavItem) =>
      (canSeeMoney(role) || !item.money) && !(suspended && CLOSED_WHILE_SUSPENDED.has(item.to)),
  );

export function activeNavIndex(pathname: string, nav: readonly NavItem[] = PARTNER_NAV): number {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (let i = nav.length - 1; i > 0; i--) {
    const to = nav[i].to;
    if (path === to || path.startsWith(`${to}/`)) return i;
  }
  return 0;
}

/**
 * The gate and frame of every /partner screen: signed out goes to sign-in and back; no member sees the
 * application form; a pending or rejected application its status; an approved owner the console (a
 * suspended one too, with its reason and the sections that serve its paid bookings), with a
 * side navigation on wide screens and scrollable tabs on phones. Screens render in the Outlet. `rendered`:
 * the roles the server rendered the room with (routes/partner.tsx).
 */
export default function PartnerLayout({ rendered }: { rendered?: Roles }) {
  const { logout } = useAuth();
  const session = useKeptSession();
  const location = useLocation();
  const navigate = useNavigate();
  const roles = useRolesQuery(session.phone, session.signedIn, {
    pollWhilePending: true,
    rendered,
  });
  const here = location.pathname + location.search;
  const signIn = signInPath(here);
  const unauthorized = roles.error instanceof ApiError && roles.error.status === 401;

  useEffect(() => {
    if (!unauthorized) return;
    logout();
    navigate(signIn, { replace: true });
  }, [unauthorized, logout, navigate, signIn]);

  if (!session.signedIn) return <Navigate to={signIn} replace />;
  if (roles.isPending || unauthorized) return <PageLoader />;
  if (roles.isError) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <LoadError onRetry={() => void roles.refetch()}>
          We could not load your media owner account. Please try again.
        </LoadError>
      </Container>
    );
  }
  const owner = roles.data.media_owner;
  if (!owner) return <ApplicationPage />;
  if (owner.status === 'pending' || owner.status === 'rejected') {
    return <ApplicationStatusPage status={owner.status} />;
  }

  const suspended = owner.status === 'suspended';
  const nav = navFor(owner.role, suspended);
  const active = activeNavIndex(location.pathname, nav);
  return (
    <PartnerOwnerContext.Provider value={owner}>
      <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
        <Box sx={{ display: 'flex', gap: { md: 4 }, flexDirection: { xs: 'column', md: 'row' } }}>
          <Box
            component="nav"
            aria-label="Media owner console"
            sx={{ width: { md: 220 }, flexShrink: 0, mb: { xs: 2, md: 0 } }}
          >
            <Typography variant="overline" component="p" color="text.secondary" sx={{ px: { md: 2 } }}>
              Media owner console
            </Typography>
            <Typography
              sx={{ fontWeight: 700, px: { md: 2 }, mb: { xs: 1, md: 2 }, overflowWrap: 'anywhere' }}
            >
              {owner.company_name}
            </Typography>
            <Tabs
              value={active}
              orientation="vertical"
              variant="scrollable"
              aria-label="Console sections"
              sx={{
                display: { xs: 'none', md: 'flex' },
                borderRight: 1,
                borderColor: 'divider',
                '& .MuiTab-root': { alignItems: 'flex-start', textAlign: 'left', minHeight: 44 },
              }}
            >
              {nav.map((item) => (
                <Tab key={item.to} label={item.label} component={RouterLink} to={item.to} />
              ))}
            </Tabs>
            <Tabs
              value={active}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label="Console sections"
              sx={{ display: { xs: 'flex', md: 'none' }, borderBottom: 1, borderColor: 'divider' }}
            >
              {nav.map((item) => (
                <Tab
                  key={item.to}
                  label={item.label}
                  component={RouterLink}
                  to={item.to}
                  sx={{ minWidth: 0 }}
                />
              ))}
            </Tabs>
          </Box>
          <Box component="section" sx={{ flex: 1, minWidth: 0 }}>
            {suspended ? <SuspensionNotice /> : null}
            <RoomOutlet />
          </Box>
        </Box>
      </Container>
    </PartnerOwnerContext.Provider>
  );
}
