import { Alert, Box, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { formatDateTimeIst } from '@ooh/shared';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-context';
import { signInPath } from '../../../lib/auth/redirect-target';
import { useEndSessionMutation, useSessionsQuery } from '../api/sessions';

/**
 * "Where you're signed in" on the profile (docs/decisions/042): each session with its browser, address
 * and last use (the server renders it: routes/profile.tsx); sign out of one, or everywhere (this browser too, so it goes to the sign-in page).
 */
export function SessionsList() {
  const { isAuthenticated, logout } = useAuth();
  const navigate = useNavigate();
  const sessions = useSessionsQuery(isAuthenticated);
  const end = useEndSessionMutation();

  const endAll = async () => {
    await end.mutateAsync('all');
    await logout();
    navigate(signInPath('/profile'), { replace: true });
  };

  return (
    <Box component="section" aria-labelledby="sessions-heading" sx={{ mt: 5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="sessions-heading" variant="h5" component="h2">
          Where you're signed in
        </Typography>
        <Button color="error" variant="outlined" disabled={end.isPending} onClick={() => void endAll()}>
          Sign out everywhere
        </Button>
      </Stack>
      {end.isError ? (
        <Alert severity="error">We could not sign that session out. Please try again.</Alert>
      ) : null}
      {sessions.isError ? (
        <Alert severity="error">We could not load your sessions.</Alert>
      ) : (
        <List aria-label="Signed-in sessions">
          {(sessions.data?.data ?? []).map((s) => (
            <ListItem
              key={s.id}
              divider
              secondaryAction={
                s.current ? null : (
                  <Button
                    size="small"
                    disabled={end.isPending}
                    onClick={() => end.mutate(s.id)}
                    aria-label={`Sign out ${s.device}, last used ${formatDateTimeIst(s.last_seen_at)}`}
                  >
                    Sign out
                  </Button>
                )
              }
            >
              <ListItemText
                primary={s.current ? `${s.device} (this browser)` : s.device}
                secondary={`Last used ${formatDateTimeIst(s.last_seen_at)} · signed in ${formatDateTimeIst(s.created_at)} · ${s.ip}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
