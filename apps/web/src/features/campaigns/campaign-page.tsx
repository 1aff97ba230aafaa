import { Box, Container, Grid } from '@mui/material';
import type { AvailabilityItem } from '@ooh/shared';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { HelpDialogOnDemand } from '../../components/help-dialog-on-demand';
import { ImageGallery } from '../../components/image-gallery';
import { LoadError } from '../../components/load-error';
import { isMissing, NotFound, parseId } from '../../components/not-found';
import { useNotify } from '../../components/notify';
import { PageLoader } from '../../components/page-loader';
import { PlanFigures } from '../../components/plan-figures';
import { PlanActions } from '../../components/plans/plan-actions';
import { ApiError } from '../../lib/api-client';
import { signInPath } from '../../lib/auth/redirect-target';
import { allProductsDated, MISSING_DATES_ALERT, upsertById } from '../../lib/campaigns/campaign-store-ops';
import { useAvailability } from '../../lib/campaigns/check-availability';
import { useWorkingCampaign } from '../../lib/campaigns/use-working-campaign';
import { useLocalStore } from '../../lib/local-store';
import { cartStore, type StoredCampaign } from '../../lib/stores';
import { CampaignBookingPanel } from './components/campaign-booking-panel';
import { CampaignPlaces } from './components/campaign-places';
import { useCampaignActions } from './components/use-campaign-actions';

/** Only a saved customized campaign can be sent for a client's approval: its code loads only there. */
const ClientApprovalSection = lazy(() =>
  import('./components/client-approval-section').then((m) => ({ default: m.ClientApprovalSection })),
);

/**
 * /campaign/{campaignId} (docs/product-spec.md section 2): a standard or customized campaign, its dates, cart and order
 * buttons and its places. An unknown campaign says so; a private one opened signed out asks to sign in.
 * A standard campaign arrives with the page (routes/campaign.tsx, its query in the loader's cache).
 */
export default function CampaignPage({ missing }: { missing?: boolean }) {
  const { campaignId } = useParams();
  const location = useLocation();
  const id = parseId(campaignId);
  // `missing`: the server found no campaign of either kind here (its page answered 404).
  const working = useWorkingCampaign(id ?? 0, id !== null && !missing);

  if (id === null || missing || isMissing(working.error)) {
    return <NotFound title="Campaign not found">There is no campaign at this address.</NotFound>;
  }
  if (working.error instanceof ApiError && working.error.status === 401) {
    const here = location.pathname + location.search;
    return <Navigate to={signInPath(here)} replace />;
  }
  if (working.isError) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <LoadError onRetry={() => void working.refetch()}>
          We could not load this campaign. {(working.error as Error).message}
        </LoadError>
      </Container>
    );
  }
  if (!working.campaign) return <PageLoader />;
  return <CampaignDetail key={working.campaign.id} campaign={working.campaign} />;
}

function CampaignDetail({ campaign }: { campaign: StoredCampaign }) {
  const [helpOpen, setHelpOpen] = useState(false);
  const items = useMemo<AvailabilityItem[] | null>(
    () =>
      allProductsDated(campaign.products)
        ? campaign.products.map((e) => ({
            product_id: e.product.id,
            from_date: e.from_date as string,
            to_date: e.to_date as string,
          }))
        : null,
    [campaign.products],
  );
  // Checked once every site has both dates (docs/product-spec.md section 4).
  const availability = useAvailability(items);
  const statuses =
    items && availability.data ? new Map(availability.data.map((r) => [r.product_id, r.status])) : null;
  const unavailableIds = statuses ? [...statuses].filter(([, ok]) => !ok).map(([pid]) => pid) : [];
  const actions = useCampaignActions(campaign, unavailableIds);
  useArrivalMarker(campaign);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Grid container spacing={{ xs: 3, md: 5 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <ImageGallery images={campaign.images ?? []} alt={campaign.name} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <CampaignBookingPanel
            campaign={campaign}
            inCart={actions.inCart}
            saving={actions.saving}
            onWholeRange={actions.setWholeRange}
            onSave={actions.onSave}
            onToggleCart={actions.onToggleCart}
            onBuyNow={actions.onBuyNow}
            onHelp={() => setHelpOpen(true)}
          />
          <Box sx={{ mt: 3 }}>
            <PlanFigures campaigns={[campaign.products]} headingId="campaign-figures-heading" />
          </Box>
          <Box sx={{ mt: 2 }}>
            <PlanActions source={{ campaignId: campaign.id, customized: campaign.type === 'customized' }} />
          </Box>
          {campaign.type === 'customized' ? (
            <Suspense fallback={null}>
              <ClientApprovalSection campaignId={campaign.id} customized />
            </Suspense>
          ) : null}
        </Grid>
      </Grid>
      <Box sx={{ mt: 6 }}>
        <CampaignPlaces
          campaignId={campaign.id}
          campaignName={campaign.name}
          products={campaign.products}
          statuses={statuses}
          onPlaceRange={actions.setPlaceRange}
        />
      </Box>
      <HelpDialogOnDemand open={helpOpen} onClose={() => setHelpOpen(false)} isCustomized={false} />
    </Container>
  );
}

/**
 * ?from=addToCart puts the loaded campaign into the cart once; ?from=save confirms the save. The marker is
 * removed from the address afterwards, so neither a reload nor React's doubled effects repeat it.
 */
function useArrivalMarker(campaign: StoredCampaign) {
  const [params, setParams] = useSearchParams();
  const [, setCart] = useLocalStore(cartStore);
  const { alert, notify } = useNotify();
  const handled = useRef<string | null>(null);
  const from = params.get('from');

  useEffect(() => {
    if (!from) return;
    const marker = `${campaign.id}:${from}`;
    if (handled.current === marker) return;
    handled.current = marker;
    if (from === 'addToCart') {
      if (allProductsDated(campaign.products)) {
        setCart((c) => upsertById(c, campaign));
        notify('Campaign added to your cart.', 'success');
      } else {
        void alert(MISSING_DATES_ALERT);
      }
    } else if (from === 'save') {
      notify('Your campaign has been saved.', 'success');
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('from');
        return next;
      },
      { replace: true },
    );
  }, [from, campaign, setCart, notify, alert, setParams]);
}
