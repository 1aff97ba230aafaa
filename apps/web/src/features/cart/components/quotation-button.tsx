import { PictureAsPdfOutlined } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { apiDownload } from '../../../lib/api-download';
import { type CurrentUser, useOptionalAuth } from '../../../lib/auth/auth-context';
import { bookingItems, undatedLines } from '../../../lib/cart/cart-lines';
import type { StoredCampaign } from '../../../lib/stores';

/** The lines of the quotation's "Bill to", as the API prints them from the signed-in buyer's profile. */
export function billToLines(user: CurrentUser): string[] {
  const place = [user.city, user.state].filter(Boolean).join(', ') + (user.pin ? ` ${user.pin}` : '');
  return [
    [user.first_name, user.last_name].filter(Boolean).join(' ') || user.name,
    user.company,
    user.address_line_1,
    user.address_line_2,
    place,
  ].filter((l): l is string => Boolean(l?.trim()));
}

/** Who the quotation will bill: the signed-in buyer's profile (the API reads the same), or a hint to sign in. */
function BillTo({ user }: { user: CurrentUser | null }) {
  if (!user) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Sign in before downloading to have the quotation billed to your company and GSTIN.
      </Typography>
    );
  }
  return (
    <Box component="section" aria-labelledby="quotation-bill-to" sx={{ mt: 2 }}>
      <Typography id="quotation-bill-to" variant="subtitle2" component="h3">
        Quotation bill to
      </Typography>
      {billToLines(user).map((l) => (
        <Typography key={l} variant="body2">
          {l}
        </Typography>
      ))}
      <Typography variant="body2">
        {user.gst ? `GSTIN: ${user.gst}` : 'GSTIN: none in your details (unregistered)'}
      </Typography>
    </Box>
  );
}

/** "Download quotation (PDF)": the cart's proforma invoice at today's prices, with GST (docs/product-rules.md section 10). */
export function QuotationButton({
  cart,
  billingState,
}: {
  cart: readonly StoredCampaign[];
  billingState?: string | null;
}) {
  const user = useOptionalAuth()?.currentUser ?? null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setError(null);
    if (undatedLines(cart).length) {
      setError('Choose dates for every site first: a quotation prices each site for its dates.');
      return;
    }
    setBusy(true);
    try {
      await apiDownload('/quotes/proforma.pdf', 'quotation.pdf', {
        method: 'POST',
        body: { data: bookingItems(cart), ...(billingState ? { billing_state: billingState } : {}) },
      });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The quotation could not be made. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <BillTo user={user} />
      <Button
        variant="text"
        fullWidth
        onClick={download}
        disabled={busy}
        sx={{ mt: 1 }}
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <PictureAsPdfOutlined />}
      >
        {busy ? 'Preparing quotation…' : 'Download quotation (PDF)'}
      </Button>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {error}
        </Alert>
      ) : null}
    </>
  );
}
