import { Menu as MenuIcon, ShoppingCartOutlined } from '@mui/icons-material';
import {
  AppBar,
  Badge,
  Box,
  Button,
  Container,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Toolbar,
  Typography,
} from '@mui/material';
import { PRODUCT_NAME } from '@ooh/shared';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useLocalStore } from '../../lib/local-store';
import { requestResetCheck } from '../../lib/reset-check';
import { cartStore } from '../../lib/stores';
import { BrandLogo } from './brand-logo';
import { UserMenu } from './user-menu';

const MENU = ['Product', 'Solutions', 'Customers', 'Resources', 'Company'];
/** Extra ways in for the small-screen drawer, where the hero's buttons are far away. */
const DRAWER_LINKS = [
  { label: 'Browse sites', to: '/products' },
  { label: 'Recommended campaigns', to: '/campaigns' },
  { label: 'My Cart', to: '/cart' },
];

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
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
    };
  }, [limit, enabled]);
  return past;
}

/**
 * The header of SPEC section 2: logo, static menu labels, Cart, Customize Campaign (on /customize it asks
 * for the reset check instead) and Login or the user menu. Below md the labels move into a drawer.
 */
export function Header() {
  const location = useLocation();
  const navigate = useNavigate();
  const [cart] = useLocalStore(cartStore);
  const [drawer, setDrawer] = useState(false);
  const onHome = location.pathname === '/';
  const scrolled = useScrolledPast(100, onHome);
  const transparent = onHome && !scrolled;

  const onCustomize = () => {
    setDrawer(false);
    if (location.pathname === '/customize') requestResetCheck();
    else navigate('/customize');
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
            {/* Static labels (SPEC section 2): they lead nowhere, so they are text rather than buttons. */}
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
      <Drawer open={drawer} onClose={() => setDrawer(false)}>
        <Box component="nav" aria-label="Main" sx={{ width: 280, p: 2 }}>
          <Box
            component={RouterLink}
            to="/"
            onClick={() => setDrawer(false)}
            aria-label={`${PRODUCT_NAME} home`}
          >
            <BrandLogo />
          </Box>
          <List>
            {DRAWER_LINKS.map((link) => (
              <ListItem key={link.to} disablePadding>
                <ListItemButton component={RouterLink} to={link.to} onClick={() => setDrawer(false)}>
                  <ListItemText primary={link.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Divider />
          <List dense>
            {MENU.map((label) => (
              <ListItem key={label}>
                <ListItemText primary={label} />
              </ListItem>
            ))}
          </List>
          <Button fullWidth variant="contained" color="secondary" onClick={onCustomize}>
            Customize Campaign
          </Button>
        </Box>
      </Drawer>
    </AppBar>
  );
}
