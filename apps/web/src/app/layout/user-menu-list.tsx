import { Menu, MenuItem } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** The signed-in user's dropdown: Profile, My Orders, Logout (user-menu.tsx loads it when opened). */
export default function UserMenuList({
  anchor,
  onClose,
  onLogout,
}: {
  anchor: HTMLElement | null;
  onClose(): void;
  onLogout(): void;
}) {
  return (
    <Menu id="user-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <MenuItem component={RouterLink} to="/profile" onClick={onClose}>
        Profile
      </MenuItem>
      <MenuItem component={RouterLink} to="/my-orders" onClick={onClose}>
        My Orders
      </MenuItem>
      <MenuItem onClick={onLogout}>Logout</MenuItem>
    </Menu>
  );
}
