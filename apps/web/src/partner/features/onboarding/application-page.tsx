import { Box, Container, Typography } from '@mui/material';
import { useAuth } from '../../../lib/auth/auth-context';
import { useApplyMutation } from '../../api/partner-me';
import { ApplicationForm } from './application-form';

/** /partner for a signed-in user who belongs to no media owner: apply to list sites. */
export default function ApplicationPage() {
  const { currentUser } = useAuth();
  const apply = useApplyMutation(currentUser?.phone_number);
  const phone = (currentUser?.phone_number ?? '').replace(/\D/g, '').slice(-10);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        List your sites
      </Typography>
      <Box sx={{ mb: 3, maxWidth: 680 }}>
        <Typography color="text.secondary">
          Own hoardings, lamp posts or digital screens? Tell us about your company. Once we approve it you can
          add your sites, set prices and dates, and receive bookings and payouts here.
        </Typography>
      </Box>
      <ApplicationForm defaultPhone={phone} onSubmit={(body) => apply.mutateAsync(body)} />
    </Container>
  );
}
