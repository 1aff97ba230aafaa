import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatRupees, quarterDays, type TcsReport, type TdsReport } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error';
import { opsQuery } from '../../lib/ops-api';

/*
 * The operator's two reports as tables (tax-reports-page.tsx): TCS per owner for a month (GSTR-8) and TDS
 * per owner for a quarter (Form 26Q), each with its CSV, read from GET /api/ops/tax/tcs and /tds.
 */

export const tcsQuery = (month: string) =>
  opsQuery<TcsReport>(['ops', 'tax', 'tcs', month], '/tax/tcs', { month });
export const tdsQuery = (quarter: string) =>
  opsQuery<TdsReport>(['ops', 'tax', 'tds', quarter], '/tax/tds', { quarter });

function Money({ rupees, strong }: { rupees: number; strong?: boolean }) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 700 : undefined }}>
      {formatRupees(rupees)}
    </TableCell>
  );
}

/**
 * A plain link to the CSV: the session cookie signs the request (as "Download my data" does), so it works
 * before the page's scripts run and the browser shows its own download progress.
 */
// A table wider than a phone scrolls in its box, which takes focus (tabIndex 0) so a keyboard can scroll it.

function Download({ path, fileName }: { path: string; fileName: string }) {
  return (
    <Box>
      <Button
        variant="outlined"
        size="small"
        href={`/api${path}`}
        download={fileName}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Download CSV
      </Button>
    </Box>
  );
}

export function Tcs({ month }: { month: string }) {
  const report = useQuery(tcsQuery(month));
  const r = report.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="tcs-heading">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h6" component="h2" id="tcs-heading">
            TCS collected, {month} (GSTR-8)
          </Typography>
          <Typography variant="body2" color="text.secondary">
            CGST Act s.52: 0.5 % of each owner's net taxable supplies, CGST + SGST where the site stands in
            the owner's GSTIN state, else IGST. File by the 10th of the next month.
          </Typography>
        </Box>
        <Download path={`/ops/tax/tcs.csv?month=${month}`} fileName={`tcs-${month}.csv`} />
      </Stack>
      {report.isPending && <LinearProgress aria-label="Loading the TCS report" sx={{ mt: 2 }} />}
      {report.isError && (
        <LoadError onRetry={() => report.refetch()}>The TCS report could not be loaded.</LoadError>
      )}
      {r && r.rows.length === 0 ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          No supplies were paid or returned through the marketplace in {month}.
        </Alert>
      ) : null}
      {r && r.rows.length > 0 ? (
        <TableContainer sx={{ mt: 2 }} tabIndex={0} aria-label={`TCS per owner, ${month}, scrollable`}>
          <Table size="small" aria-label={`TCS per owner, ${month}`}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Owner (GSTIN)</TableCell>
                {['Gross supplies', 'Returns', 'Net taxable', 'IGST', 'CGST', 'SGST'].map((h) => (
                  <TableCell key={h} scope="col" align="right">
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {r.rows.map((row) => (
                <TableRow key={row.media_owner.id}>
                  <TableCell component="th" scope="row" sx={{ minWidth: 180 }}>
                    {row.media_owner.company_name}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {row.gstin}
                    </Typography>
                  </TableCell>
                  <Money rupees={row.gross_supplies} />
                  <Money rupees={row.returns} />
                  <Money rupees={row.net_taxable} />
                  <Money rupees={row.igst} />
                  <Money rupees={row.cgst} />
                  <Money rupees={row.sgst} />
                </TableRow>
              ))}
              <TableRow>
                <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                  Total (e-commerce operator {r.operator_gstin})
                </TableCell>
                <Money rupees={r.totals.gross_supplies} strong />
                <Money rupees={r.totals.returns} strong />
                <Money rupees={r.totals.net_taxable} strong />
                <Money rupees={r.totals.igst} strong />
                <Money rupees={r.totals.cgst} strong />
                <Money rupees={r.totals.sgst} strong />
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Paper>
  );
}

export function Tds({ quarter }: { quarter: string }) {
  const report = useQuery(tdsQuery(quarter));
  const r = report.data;
  const { from, to } = quarterDays(quarter);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="tds-heading">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h6" component="h2" id="tds-heading">
            TDS deducted, {quarter} ({from} to {to}, Form 26Q)
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Income-tax Act s.194-O: 0.1 % of the amount credited excluding GST, 5 % without a valid PAN.
          </Typography>
        </Box>
        <Download path={`/ops/tax/tds.csv?quarter=${quarter}`} fileName={`tds-${quarter}.csv`} />
      </Stack>
      {report.isPending && <LinearProgress aria-label="Loading the TDS report" sx={{ mt: 2 }} />}
      {report.isError && (
        <LoadError onRetry={() => report.refetch()}>The TDS report could not be loaded.</LoadError>
      )}
      {r && r.rows.length === 0 ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          Nothing was credited to owners in {quarter}.
        </Alert>
      ) : null}
      {r && r.rows.length > 0 ? (
        <TableContainer sx={{ mt: 2 }} tabIndex={0} aria-label={`TDS per owner, ${quarter}, scrollable`}>
          <Table size="small" aria-label={`TDS per owner, ${quarter}`}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Owner (PAN)</TableCell>
                <TableCell scope="col" align="right">
                  Amount credited
                </TableCell>
                <TableCell scope="col" align="right">
                  Rate
                </TableCell>
                <TableCell scope="col" align="right">
                  TDS
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {r.rows.map((row) => (
                <TableRow key={`${row.media_owner.id}-${row.pan_valid}`}>
                  <TableCell component="th" scope="row" sx={{ minWidth: 180 }}>
                    {row.media_owner.company_name}
                    <Typography
                      variant="caption"
                      color={row.pan_valid ? 'text.secondary' : 'error'}
                      component="div"
                    >
                      {row.pan_valid ? row.pan : `${row.pan || 'no PAN'}: not a valid PAN (s.206AA)`}
                    </Typography>
                  </TableCell>
                  <Money rupees={row.amount_credited} />
                  <TableCell align="right">{row.rate_percent} %</TableCell>
                  <Money rupees={row.tds} />
                </TableRow>
              ))}
              <TableRow>
                <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                  Total
                </TableCell>
                <Money rupees={r.totals.amount_credited} strong />
                <TableCell />
                <Money rupees={r.totals.tds} strong />
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Paper>
  );
}
