import {
  Alert,
  Box,
  Container,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Tab,
  Tabs,
} from '@mui/material';
import { useEffect } from 'react';
import { Navigate, NavLink, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { RoomOutlet } from '../../components/room-outlet';
import { useAuth } from '../../lib/auth/auth-context';
import { signInPath } from '../../lib/auth/redirect-target';
import { useKeptSession } from '../../lib/auth/use-kept-session';
import { errorText, isStatus } from '../lib/ops-api';
import { usePendingOwnersCount } from '../lib/use-queue-counts';
import { OpsForbidden } from './ops-forbidden';

const NAV = [
  { to: '/ops', label: 'Queues', end: true },
  { to: '/ops/media-owners', label: 'Media owners' },
  { to: '/ops/sites', label: 'Sites' },
  { to: '/ops/orders', label: 'Orders' },
  { to: '/ops/payouts', label: 'Payouts' },
  { to: '/ops/overdue', label: 'Overdue' },
  { to: '/ops/refunds', label: 'Refunds' },
  { to: '/ops/audit', label: 'Audit log' },
  { to: '/ops/breaches', label: 'Breaches' },
  { to: '/ops/tax', label: 'Tax' },
];

const activeIndex = (pathname: string) => {
  const i = NAV.findIndex((n) =>
    n.end ? pathname === n.to || pathname === `${n.to}/` : pathname.startsWith(n.to),
  );
  return i < 0 ? 0 : i;
};

/**
 * The operator's room (docs/product-rules.md section 7): a side menu on wide screens, scrollable tabs on phones.
 * Who may enter is the API's call: anonymous goes to sign in and back, a 403 shows "for operators".
 * The access check's answer comes with the page (routes/ops.tsx, its loader's dehydrated cache).
 */
export function OpsLayout() {
  const { logout } = useAuth();
  const session = useKeptSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const access = usePendingOwnersCount();
  const signIn = signInPath(pathname + search);
  const expired = isStatus(access.error, 401);

  useEffect(() => {
    if (!expired) return;
    logout();
    navigate(signIn, { replace: true });
  }, [expired, logout, navigate, signIn]);

  if (!session.signedIn) return <Navigate to={signIn} replace />;
  if (access.isPending || expired) return <PageLoader />;
  if (isStatus(access.error, 403)) return <OpsForbidden />;
  const current = activeIndex(pathname);

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 }, display: 'flex', gap: 3, alignItems: 'flex-start' }}>
      <Box
        component="nav"
        aria-label="Back office"
        sx={{ display: { xs: 'none', md: 'block' }, width: 200, flexShrink: 0, position: 'sticky', top: 80 }}
      >
        <List dense disablePadding>
          {NAV.map((n, i) => (
            // A list holds list items only: the link sits inside one (NavLink marks the current page).
            <ListItem key={n.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={n.to}
                end={n.end}
                selected={i === current}
                sx={{ borderRadius: 1 }}
              >
                <ListItemText primary={n.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box component="nav" aria-label="Back office" sx={{ display: { md: 'none' }, mb: 2 }}>
          <Tabs value={current} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
            {NAV.map((n) => (
              <Tab key={n.to} label={n.label} component={NavLink} to={n.to} end={n.end} />
            ))}
          </Tabs>
        </Box>
        {access.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorText(access.error)}
          </Alert>
        )}
        <RoomOutlet />
      </Box>
    </Container>
  );
}
