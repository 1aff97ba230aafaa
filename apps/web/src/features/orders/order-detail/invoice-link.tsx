import { ReceiptLongOutlined } from '@mui/icons-material';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import type { OrderDetail } from '@ooh/shared';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { apiDownload } from '../../../lib/api-download';

/**
 * The tax invoice of a paid order (docs/product-rules.md section 10): a button that fetches the PDF with the buyer's
 * token (the API needs Authorization, so a plain link would not do) and saves it.
 */
export function InvoiceLink({ order }: { order: OrderDetail }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const invoice = order.invoice;
  if (!invoice) return null;
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiDownload(invoice.url, `invoice-${invoice.number.replaceAll('/', '-')}.pdf`);
    } catch (err) {
      setError(
        err instanceof ApiError ? err.message : 'The invoice could not be downloaded. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        onClick={download}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} /> : <ReceiptLongOutlined />}
        data-testid="invoice-download"
      >
        {busy ? 'Preparing invoice…' : `Download tax invoice ${invoice.number}`}
      </Button>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
