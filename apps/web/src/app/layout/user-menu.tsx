import { AccountCircle } from '@mui/icons-material';
import { Button } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { useHydrated } from '../../lib/use-hydrated';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { leaveAllowed } from '../../lib/use-unsaved-changes';

// The dropdown (MUI Menu, Popover, Modal) loads when it is first opened.
const UserMenuList = lazy(() => import('./user-menu-list'));

/** Login button, or the user dropdown with first name, Profile, My Orders, Logout (docs/product-spec.md section 2). */
export function UserMenu({ light }: { light: boolean }) {
  const { isAuthenticated, currentUser, logout } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuLoaded = useOpenedOnce(Boolean(anchor));
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [leaving, setLeaving] = useState(false);
  const color = light ? 'inherit' : 'primary';
  const hydrated = useHydrated();

  // Logout goes to the start first and clears the session once there: a signed-in-only page still on
  // screen would otherwise see the session end and send the user to /verify-mobile instead.
  useEffect(() => {
    if (!leaving || pathname !== '/') return;
    setLeaving(false);
    logout();
  }, [leaving, pathname, logout]);

  // Signed out (the server knows it from the hint cookie, and hydration agrees): a real link, which works
  // before the scripts run.
  if (!isAuthenticated) {
    return (
      <Button component={RouterLink} to="/verify-mobile" variant="outlined" color={color} size="small">
        Login
      </Button>
    );
  }
  // Signed in, the button names the person from this tab's session storage, which the server cannot read:
  // until hydrated a hidden button of the same size holds its place (browser-only state, decision 068).
  if (!hydrated) {
    return (
      <Button
        color={color}
        startIcon={<AccountCircle />}
        aria-hidden
        tabIndex={-1}
        sx={{ visibility: 'hidden' }}
      >
        User
      </Button>
    );
  }
  // The dropdown's placeholder is the user's first_name, default User (docs/product-spec.md section 2).
  const firstName = currentUser?.first_name?.trim() || 'User';
  return (
    <>
      <Button
        color={color}
        startIcon={<AccountCircle />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-expanded={Boolean(anchor)}
      >
        {firstName}
      </Button>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <UserMenuList
            anchor={anchor}
            onClose={() => setAnchor(null)}
            onLogout={() => {
              setAnchor(null);
              if (!leaveAllowed()) return;
              setLeaving(true);
              navigate('/');
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
