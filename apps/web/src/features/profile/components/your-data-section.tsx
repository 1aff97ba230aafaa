import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { formatDateTimeIst, MARKETING_CONSENT_TEXT } from '@ooh/shared';
import { useEffect } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-context';
import { useConsentsQuery } from '../api/consents';
import type { ProfileOutcome } from '../profile-action';

/**
 * "Your data" on the profile (DPDP Act 2023 s.6 and s.11-12): download everything kept about you, give or
 * withdraw marketing consent, erase the account. Plain link and forms (profile-action.ts), so each works
 * the moment the page shows, before its scripts run.
 */
export function YourDataSection() {
  const { isAuthenticated } = useAuth();
  const consents = useConsentsQuery(isAuthenticated);
  const outcome = useActionData<ProfileOutcome>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const marketing = consents.data?.data.marketing;
  const notice = consents.data?.data.notice;
  return (
    <Box component="section" aria-labelledby="your-data-heading" sx={{ mt: 5 }}>
      <Typography id="your-data-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        Your data
      </Typography>
      {outcome ? (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          sx={{ mb: 2 }}
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.message}
        </Alert>
      ) : null}
      <Stack spacing={3}>
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Everything we keep about you (profile, sessions, orders, invoices, plans, holds and consents) as
            one file.
            {notice?.given && notice.at
              ? ` You accepted the sign-in notice (${notice.version}) on ${formatDateTimeIst(notice.at)}.`
              : ''}
          </Typography>
          <Button variant="outlined" href="/api/me/data" download>
            Download my data
          </Button>
        </Box>

        <Form method="post" replace>
          <input type="hidden" name="intent" value="marketing" />
          <FormControlLabel
            // Keyed by the saved answer, so the box shows it again once the page is rendered with it.
            key={String(marketing?.given ?? false)}
            control={<Checkbox name="given" value="yes" defaultChecked={marketing?.given ?? false} />}
            label={MARKETING_CONSENT_TEXT}
          />
          <Box>
            <Button type="submit" variant="outlined" disabled={busy}>
              Save marketing choice
            </Button>
          </Box>
        </Form>

        <Form method="post" replace>
          <input type="hidden" name="intent" value="erase" />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Erasing removes your name, number, email, company, GSTIN, PAN and address, ends every session and
            releases your holds. The tax invoices and credit notes of paid orders stay for 8 years, as GST law
            requires. You cannot erase while a paid booking is still running.
          </Typography>
          <FormControlLabel
            control={<Checkbox name="confirm" value="yes" required />}
            label="I understand that my account will be erased and cannot be restored"
          />
          <Box>
            <Button type="submit" color="error" variant="outlined" disabled={busy}>
              Erase my account
            </Button>
          </Box>
        </Form>
      </Stack>
    </Box>
  );
}

/** The page after an erasure: the account and its sessions are gone, so this browser forgets them too. */
export function AccountErased({ message }: { message: string }) {
  const { logout } = useAuth();
  useEffect(() => {
    void logout();
  }, [logout]);
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Alert severity="success" role="status">
        {message}
      </Alert>
      <Box>
        <Button variant="contained" href="/">
          Go to the home page
        </Button>
      </Box>
    </Stack>
  );
}
