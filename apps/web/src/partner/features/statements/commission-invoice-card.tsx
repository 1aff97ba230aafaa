import DownloadIcon from '@mui/icons-material/Download';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { formatDay, formatRupees, thisMonthIst } from '@ooh/shared';
import { useState } from 'react';
import { apiDownload } from '../../../lib/api-download';
import { useCommissionInvoices } from './api/partner-statement';

/** The month's commission invoice from the marketplace (SAC 998362), issued once the month is over. */
export function CommissionInvoices({ month }: { month: string }) {
  const invoices = useCommissionInvoices(month, true);
  const [error, setError] = useState<string | null>(null);
  const over = month < thisMonthIst();
  if (!invoices.data) return null;
  const [invoice] = invoices.data.results;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="commission-invoice">
      <Typography variant="subtitle2" component="h2">
        Commission invoice
      </Typography>
      {invoice ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="body2" sx={{ flex: 1 }}>
            {invoice.number}, issued {formatDay(invoice.issued_on)}: commission{' '}
            {formatRupees(invoice.taxable)} + GST {formatRupees(invoice.cgst + invoice.sgst + invoice.igst)} ={' '}
            {formatRupees(invoice.total)}
          </Typography>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            onClick={() =>
              apiDownload(invoice.url, `commission-invoice-${invoice.number.replaceAll('/', '-')}.pdf`).catch(
                (err: Error) => setError(err.message),
              )
            }
          >
            PDF
          </Button>
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {over
            ? 'No commission was kept back this month, so there is no invoice.'
            : "The marketplace's tax invoice for this month's commission is issued once the month is over."}
        </Typography>
      )}
      {error ? (
        <Typography role="alert" variant="body2" color="error">
          {error}
        </Typography>
      ) : null}
    </Paper>
  );
}
