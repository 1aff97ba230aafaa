import { Menu as MenuIcon, ShoppingCartOutlined } from '@mui/icons-material';
import { AppBar, Badge, Box, Button, Container, IconButton, Toolbar, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@ooh/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { afterNextPaint } from '../../lib/after-next-paint';
import { useLocalStore } from '../../lib/local-store';
import { requestResetCheck } from '../../lib/reset-check';
import { cartStore } from '../../lib/stores';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { leaveAllowed } from '../../lib/use-unsaved-changes';
import { BrandLogo } from './brand-logo';
import { MENU } from './menu-labels';
import { UserMenu } from './user-menu';

// The small-screen drawer (MUI Modal, transitions, focus trap) loads when it is first opened.
const HeaderDrawer = lazy(() => import('./header-drawer'));

/** Transparent over the home hero until scrolled more than 100 px (checked 100 ms after scrolling stops). */
function useScrolledPast(limit: number, enabled: boolean): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    const check = () => setPast(window.scrollY > limit);
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(check, 100);
    };
    // The first check after the next paint: reading scrollY right after hydration forced the page's whole
    // layout inside the commit's long task.
    const cancelFirst = afterNextPaint(check);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelFirst();
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
    };
  }, [limit, enabled]);
  return past;
}

/**
 * The header of docs/product-spec.md section 2: logo, static menu labels, Cart, Customize Campaign (on /customize it asks
 * for the reset check instead) and Login or the user menu. Below md the labels move into a drawer.
 */
export function Header() {
  const location = useLocation();
  const navigate = useNavigate();
  const [cart] = useLocalStore(cartStore);
  const [drawer, setDrawer] = useState(false);
  const drawerLoaded = useOpenedOnce(drawer);
  const onHome = location.pathname === '/';
  const scrolled = useScrolledPast(100, onHome);
  const transparent = onHome && !scrolled;

  const onCustomize = () => {
    setDrawer(false);
    if (location.pathname === '/customize') requestResetCheck();
    else if (leaveAllowed()) navigate('/customize');
  };

  return (
    <AppBar
      position={onHome ? 'fixed' : 'sticky'}
      color={transparent ? 'transparent' : 'default'}
      elevation={transparent ? 0 : 1}
      sx={{
        bgcolor: transparent ? 'transparent' : 'background.paper',
        color: transparent ? '#fff' : 'text.primary',
        backgroundImage: transparent
          ? 'linear-gradient(180deg, rgba(5,13,38,0.55), rgba(5,13,38,0))'
          : 'none',
        transition: 'background-color 200ms, box-shadow 200ms',
      }}
    >
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={{ gap: { xs: 0.5, sm: 1 }, minHeight: { xs: 60, sm: 68 } }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open menu"
            onClick={() => setDrawer(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Box
            component={RouterLink}
            to="/"
            aria-label={`${PRODUCT_NAME} home`}
            sx={{ textDecoration: 'none', mr: { xs: 'auto', md: 3 }, minWidth: 0, borderRadius: 1 }}
          >
            <BrandLogo light={transparent} />
          </Box>
          <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}>
            {/* Static labels (docs/product-spec.md section 2): they lead nowhere, so they are text rather than buttons. */}
            {MENU.map((label) => (
              <Typography
                key={label}
                component="span"
                sx={{ px: 1.25, py: 0.75, fontWeight: 500, fontSize: 15 }}
              >
                {label}
              </Typography>
            ))}
          </Box>
          <IconButton
            component={RouterLink}
            to="/cart"
            color="inherit"
            aria-label={`Cart, ${cart.length} items`}
          >
            <Badge badgeContent={cart.length} color="secondary">
              <ShoppingCartOutlined />
            </Badge>
          </IconButton>
          <Button
            variant="contained"
            color="secondary"
            onClick={onCustomize}
            sx={{ display: { xs: 'none', sm: 'inline-flex' }, whiteSpace: 'nowrap' }}
          >
            Customize Campaign
          </Button>
          <UserMenu light={transparent} />
        </Toolbar>
      </Container>
      {drawerLoaded ? (
        <Suspense fallback={null}>
          <HeaderDrawer open={drawer} onClose={() => setDrawer(false)} onCustomize={onCustomize} />
        </Suspense>
      ) : null}
    </AppBar>
  );
}
