import { Box, Button, Divider, Drawer, List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import { PRODUCT_NAME } from '@ooh/shared';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from './brand-logo';
import { MENU } from './menu-labels';

/** Extra ways in for the small-screen drawer, where the hero's buttons are far away. */
const DRAWER_LINKS = [
  { label: 'Browse sites', to: '/products' },
  { label: 'Recommended campaigns', to: '/campaigns' },
  { label: 'My Cart', to: '/cart' },
];

/** The header's menu below md (header.tsx loads it when first opened). */
export default function HeaderDrawer({
  open,
  onClose,
  onCustomize,
}: {
  open: boolean;
  onClose(): void;
  onCustomize(): void;
}) {
  return (
    <Drawer open={open} onClose={onClose}>
      <Box component="nav" aria-label="Main" sx={{ width: 280, p: 2 }}>
        <Box component={RouterLink} to="/" onClick={onClose} aria-label={`${PRODUCT_NAME} home`}>
          <BrandLogo />
        </Box>
        <List>
          {DRAWER_LINKS.map((link) => (
            <ListItem key={link.to} disablePadding>
              <ListItemButton component={RouterLink} to={link.to} onClick={onClose}>
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
  );
}
