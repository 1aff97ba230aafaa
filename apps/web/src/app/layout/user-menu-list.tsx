import { Divider, Menu, MenuItem } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { useRolesQuery } from '../../lib/use-roles';

/**
 * The signed-in user's dropdown: Profile, My Orders, the rooms the user may open, Logout (user-menu.tsx
 * loads it when opened, so the roles are asked only then). Everyone sees the media owner's console: a
 * member opens it, anyone else is invited to list their sites there.
 */
export default function UserMenuList({
  anchor,
  onClose,
  onLogout,
}: {
  anchor: HTMLElement | null;
  onClose(): void;
  onLogout(): void;
}) {
  const { currentUser } = useAuth();
  const roles = useRolesQuery(currentUser?.phone_number).data;
  const member = Boolean(roles?.media_owner);
  return (
    <Menu id="user-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <MenuItem component={RouterLink} to="/profile" onClick={onClose}>
        Profile
      </MenuItem>
      <MenuItem component={RouterLink} to="/my-orders" onClick={onClose}>
        My Orders
      </MenuItem>
      <MenuItem component={RouterLink} to="/briefs" onClick={onClose}>
        Briefs
      </MenuItem>
      <MenuItem component={RouterLink} to="/agency" onClick={onClose}>
        Agency
      </MenuItem>
      <Divider />
      <MenuItem component={RouterLink} to="/partner" onClick={onClose}>
        {member ? 'Media owner console' : 'List your sites'}
      </MenuItem>
      {roles?.operator ? (
        <MenuItem component={RouterLink} to="/ops" onClick={onClose}>
          Back office
        </MenuItem>
      ) : null}
      <Divider />
      <MenuItem onClick={onLogout}>Logout</MenuItem>
    </Menu>
  );
}
