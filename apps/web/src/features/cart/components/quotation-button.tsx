import { PictureAsPdfOutlined } from '@mui/icons-material';
import { Alert, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { apiDownload } from '../../../lib/api-download';
import { bookingItems, undatedLines } from '../../../lib/cart/cart-lines';
import type { StoredCampaign } from '../../../lib/stores';

/** "Download quotation (PDF)": the cart's proforma invoice at today's prices, with GST (docs/product-rules.md section 10). */
export function QuotationButton({
  cart,
  billingState,
}: {
  cart: readonly StoredCampaign[];
  billingState?: string | null;
}) {
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
