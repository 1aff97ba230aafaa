import { Add, CalendarMonth, EventNote, UploadFile } from '@mui/icons-material';
import { Box, Button, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { formatCount, SITE_STATUSES, type SiteStatus } from '@ooh/shared';
import { type LoaderFunctionArgs, Link as RouterLink } from 'react-router';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import { loadQueries } from '../../../lib/loader-queries';
import { sitesListQuery, useSitesQuery } from '../../api/sites';
import { SITE_STATUS_LABELS } from '../../components/site-status';
import { partnerMeta } from '../../lib/partner-meta';
import { usePartnerOwner } from '../../partner-context';

const countOf = (status: SiteStatus) => ({ page: 1, page_size: 1, status });

export const meta = partnerMeta('Media owner console');

/** Rendered on the server with the count of each status (components/room-outlet.tsx). */
export const loader = (args: LoaderFunctionArgs) =>
  loadQueries(
    args,
    SITE_STATUSES.map((status) => sitesListQuery(countOf(status))),
  );
export const shouldRevalidate = roomShouldRevalidate;

function StatusCount({ status }: { status: SiteStatus }) {
  const q = useSitesQuery(countOf(status));
  return (
    <Card>
      <CardActionArea component={RouterLink} to={`/partner/sites?status=${status}`} sx={{ height: 1 }}>
        <CardContent>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
            {q.data ? formatCount(q.data.count) : <Skeleton width={40} aria-label="Loading" />}
          </Typography>
          <Typography color="text.secondary">{SITE_STATUS_LABELS[status].label}</Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /partner for an approved owner: sites by status and the main things to do. */
export default function PartnerHomePage() {
  const owner = usePartnerOwner();
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Overview
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Welcome, {owner.company_name}. Manage your sites, their free dates and your bookings here.
      </Typography>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Your sites by status
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
          mb: 4,
        }}
      >
        {SITE_STATUSES.map((s) => (
          <StatusCount key={s} status={s} />
        ))}
      </Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Get things done
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/partner/sites/new" variant="contained" startIcon={<Add />}>
          Add a site
        </Button>
        <Button component={RouterLink} to="/partner/import" variant="outlined" startIcon={<UploadFile />}>
          Import sites from CSV
        </Button>
        <Button
          component={RouterLink}
          to="/partner/calendar"
          variant="outlined"
          startIcon={<CalendarMonth />}
        >
          Block dates
        </Button>
        <Button component={RouterLink} to="/partner/bookings" variant="outlined" startIcon={<EventNote />}>
          See bookings
        </Button>
      </Box>
    </>
  );
}
