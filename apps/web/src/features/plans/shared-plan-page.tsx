import {
  Alert,
  Box,
  Card,
  CardContent,
  CardMedia,
  Container,
  Divider,
  Stack,
  Typography,
} from '@mui/material';
import {
  formatAudience,
  formatBookingPeriod,
  formatCount,
  formatRupees,
  type Plan,
  type PlanSite,
} from '@ooh/shared';
import { useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { PlanFiguresView } from '../../components/plan-figures';
import { formatLinkExpiry } from '../../components/plans/share-expiry';
import { ApiError } from '../../lib/api-client';
import { useSharedPlan } from './api/get-shared-plan';

/** First day - last day (to_date is exclusive), in the product's Indian format (docs/product-rules.md section 14). */
const dateText = (from: string | null, to: string | null, withDays = false) =>
  from && to && to > from ? formatBookingPeriod(from, to, { withDays }) : 'Dates not chosen';

/**
 * /plan/{token}: a plan someone shared, read-only, no account needed (docs/product-rules.md section 12).
 * The route's loader renders it with the plan (routes/shared-plan.tsx); search engines are kept out by its meta.
 */
export default function SharedPlanPage() {
  const { token = '' } = useParams();
  const query = useSharedPlan(token);
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    const err = query.error;
    const gone = err instanceof ApiError && err.status === 410;
    const missing = err instanceof ApiError && err.status === 404;
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {gone
            ? 'This plan link no longer works'
            : missing
              ? 'Plan not found'
              : 'The plan could not be loaded'}
        </Typography>
        <Alert severity={gone ? 'warning' : 'error'} data-testid="shared-plan-error">
          {missing ? 'There is no shared plan at this address. Check the link you were sent.' : err.message}
        </Alert>
      </Container>
    );
  }
  return <PlanView plan={query.data.plan} expiresAt={query.data.expires_at} />;
}

function PlanView({ plan, expiresAt }: { plan: Plan; expiresAt: string }) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="overline" color="text.secondary">
        Shared media plan · read-only
      </Typography>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {plan.title}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 3 }}
        sx={{ mt: 1, color: 'text.secondary' }}
      >
        <span data-testid="shared-plan-dates">{dateText(plan.from_date, plan.to_date, true)}</span>
        <span data-testid="shared-plan-count">
          {plan.site_count} {plan.site_count === 1 ? 'site' : 'sites'}
        </span>
        <span data-testid="shared-plan-expiry">Link valid until {formatLinkExpiry(expiresAt)}</span>
      </Stack>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          mt: 3,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {plan.sites.map((site) => (
          <SiteCard key={site.id} site={site} />
        ))}
      </Box>
      <Divider sx={{ my: 3 }} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ justifyContent: 'space-between' }}>
        {/* An older answer without figures shows none rather than failing. */}
        <Box sx={{ maxWidth: 520 }}>
          {plan.figures ? <PlanFiguresView figures={plan.figures} headingId="shared-plan-figures" /> : null}
        </Box>
        <Box sx={{ maxWidth: 420, ml: { md: 'auto' }, width: '100%' }}>
          <Row label="Subtotal" value={formatRupees(plan.subtotal)} />
          <Row
            label={`GST ${Math.round(plan.gst_rate * 100)} % (estimate)`}
            value={formatRupees(plan.gst_estimate)}
          />
          <Row label="Total" value={formatRupees(plan.total)} strong />
          <Typography variant="caption" color="text.secondary">
            GST is an estimate; the tax invoice shows the actual split.
          </Typography>
        </Box>
      </Stack>
    </Container>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5, fontWeight: strong ? 800 : 400 }}>
      <span>{label}</span>
      <span data-testid={strong ? 'shared-plan-total' : undefined}>{value}</span>
    </Box>
  );
}

function SiteCard({ site }: { site: PlanSite }) {
  const size = site.width_ft && site.height_ft ? `${site.width_ft} × ${site.height_ft} ft` : null;
  return (
    <Card component="li" variant="outlined" data-testid="shared-plan-site">
      {site.photo && (
        <CardMedia
          component="img"
          image={site.photo}
          alt={site.name}
          loading="lazy"
          sx={{ aspectRatio: '4 / 3' }}
        />
      )}
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {site.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="site-code">
          Site code {site.code}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {site.address}, {site.city}, {site.state}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {[site.category, size, site.lighting].filter(Boolean).join(' · ')}
        </Typography>
        <Typography variant="body2">
          {dateText(site.from_date, site.to_date)} · {site.days === 1 ? '1 day' : `${site.days} days`}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {formatRupees(site.daily_price)}/day · <strong>{formatRupees(site.line_price)}</strong>
        </Typography>
        {/* The audience only with its source (decision 080). */}
        {site.audience ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 0.5 }}
            data-testid="shared-plan-audience"
          >
            {formatAudience(site.audience)}
            {site.line_impressions !== null ? ` · ${formatCount(site.line_impressions)} over its days` : ''}
            {site.cpm !== null ? ` · CPM ${formatRupees(site.cpm)}` : ''}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
