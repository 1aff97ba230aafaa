import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Container,
  LinearProgress,
  Paper,
  Stack,
  TablePagination,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { roomClientLoader } from '../../../components/room-outlet';
import { loadQueries } from '../../../lib/loader-queries';
import { canSeeMoney, partnerPayoutsQuery, usePartnerPayouts } from '../../api/payouts';
import { partnerMeta } from '../../lib/partner-meta';
import { usePartnerOwner } from '../../partner-context';
import { downloadBookingsCsv } from './api/download-bookings-csv';
import {
  type BookingFilters,
  ownerSitesQuery,
  partnerBookingsQuery,
  useOwnerSites,
  usePartnerBookings,
} from './api/list-partner-bookings';
import { BookingsFilters, NO_FILTERS } from './bookings-filters';
import { BookingsTable } from './bookings-table';
import { HoldsList } from './holds-list';

/** The first page shown: filters and paging are the screen's own state, not the address's. */
const FIRST_PAGE_SIZE = 25;

export const meta = partnerMeta('Bookings');

/**
 * Rendered on the server with the first page of bookings, the sites of the filter and the payouts beside
 * each line (components/room-outlet.tsx). A field member's payouts answer 403 and are left out, as the
 * screen does not ask for them.
 */
export const loader = (args: LoaderFunctionArgs) =>
  loadQueries(args, [
    partnerBookingsQuery(NO_FILTERS, 1, FIRST_PAGE_SIZE),
    ownerSitesQuery(),
    partnerPayoutsQuery({}),
  ]);
export const clientLoader = roomClientLoader;

/** Paid lines on the owner's sites (docs/product-rules.md section 13), filtered, paged, and as a CSV download. */
export default function BookingsPage() {
  const [filters, setFilters] = useState<BookingFilters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(FIRST_PAGE_SIZE);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const rangeError =
    filters.from && filters.to && filters.from > filters.to ? 'Must be on or after the start' : null;
  // An impossible range is not asked for: the list keeps its last answer and the field says why.
  const asked = rangeError ? { ...filters, to: null } : filters;
  const list = usePartnerBookings(asked, page + 1, pageSize);
  const sites = useOwnerSites();
  // Each line's payout beside it, for those who see money (the list is the owner's, one call for all).
  const money = canSeeMoney(usePartnerOwner().role);
  const payouts = usePartnerPayouts({}, money);
  const payoutByLine = useMemo(
    () => (payouts.data ? new Map(payouts.data.payouts.map((p) => [p.line_id, p])) : undefined),
    [payouts.data],
  );

  const change = (next: BookingFilters) => {
    setFilters(next);
    setPage(0);
  };
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadBookingsCsv(asked);
    } catch (err) {
      setDownloadError((err as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          Bookings
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={download}
          disabled={downloading || !list.data?.count}
        >
          {downloading ? 'Preparing CSV…' : 'Download CSV'}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Paid bookings on your sites, and buyers' holds apart. Amounts are the site's price for the booked
        days, without GST.
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <BookingsFilters value={filters} onChange={change} sites={sites.data ?? []} rangeError={rangeError} />
      </Paper>
      {downloadError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setDownloadError(null)}>
          {downloadError}
        </Alert>
      )}
      <Box sx={{ height: 4, mb: 1 }}>
        {list.isFetching && <LinearProgress aria-label="Loading bookings" />}
      </Box>
      {list.isError && <LoadError onRetry={() => list.refetch()}>We could not load your bookings.</LoadError>}
      {list.data ? <HoldsList holds={list.data.holds ?? []} /> : null}
      {list.data && list.data.count === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {filters === NO_FILTERS
            ? 'No paid bookings on your sites yet.'
            : 'No bookings match these filters.'}
        </Typography>
      )}
      {list.data && list.data.count > 0 && (
        <>
          <BookingsTable rows={list.data.results} payouts={money ? payoutByLine : undefined} />
          <TablePagination
            component="div"
            count={list.data.count}
            page={page}
            onPageChange={(_e, p) => setPage(p)}
            rowsPerPage={pageSize}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(0);
            }}
            rowsPerPageOptions={[10, 25, 50, 100]}
            labelRowsPerPage="Per page"
          />
        </>
      )}
    </Container>
  );
}
