import { Menu as MenuIcon, ShoppingCartOutlined } from '@mui/icons-material';
import {
  AppBar,
  Badge,
  Box,
  Button,
  Container,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Toolbar,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useLocalStore } from '../../lib/local-store';
import { requestResetCheck } from '../../lib/reset-check';
import { cartStore } from '../../lib/stores';
import { BrandLogo } from './brand-logo';
import { UserMenu } from './user-menu';

const MENU = ['Product', 'Solutions', 'Customers', 'Resources', 'Company'];

/** Transparent over the home hero until scrolled more than 100 px (checked at most every 100 ms). */
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
        transition: 'background-color 200ms',
      }}
    >
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open menu"
            onClick={() => setDrawer(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Box component={RouterLink} to="/" aria-label="Home" sx={{ textDecoration: 'none', mr: 2 }}>
            <BrandLogo light={transparent} />
          </Box>
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}>
            {MENU.map((label) => (
              <Button key={label} color="inherit" tabIndex={-1} sx={{ cursor: 'default', fontWeight: 500 }}>
                {label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
          <IconButton component={RouterLink} to="/cart" color="inherit" aria-label={`Cart, ${cart.length} items`}>
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
        <Box sx={{ width: 260, p: 2 }} role="presentation">
          <BrandLogo />
          <List>
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
