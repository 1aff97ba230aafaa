import { Container, Typography } from '@mui/material';
import { AccountErased } from '../features/profile/components/your-data-section';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta('Account erased');

const ERASED =
  'Your account is erased: your name, number, email, company, GSTIN, PAN and address are gone, and every session has ended. The tax invoices and credit notes of your paid orders are kept, as GST law requires.';

/** Where the profile's "Erase my account" lands (features/profile/profile-action.ts). */
export default function AccountErasedRoute() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1">
        Account erased
      </Typography>
      <AccountErased message={ERASED} />
    </Container>
  );
}
