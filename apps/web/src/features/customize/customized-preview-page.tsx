import { HelpOutlined, ShoppingCartOutlined } from '@mui/icons-material';
import { Box, Button, Container, Divider, Paper, Stack, Typography } from '@mui/material';
import { type AvailabilityItem, campaignMinDays, campaignPickerRules, formatRupees } from '@ooh/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { BookingDateRange } from '../../components/booking-date-range';
import { HelpDialogOnDemand } from '../../components/help-dialog-on-demand';
import { ImageGallery } from '../../components/image-gallery';
import { useNotify } from '../../components/notify';
import { PlanActions } from '../../components/plans/plan-actions';
import { SiteLocations } from '../../components/site-locations';
import {
  allDated,
  type DateRange,
  draftLinePrices,
  draftTotal,
  removeProducts,
  renameDraft,
  setAllDates,
  setProductDates,
} from '../../lib/campaigns/campaign-draft';
import { useLocalStore } from '../../lib/local-store';
import { customizedCampaignStore } from '../../lib/stores';
import { useAvailability } from './api/check-availability';
import { CampaignNameField } from './components/campaign-name-field';
import { PreviewProductRow } from './components/preview-product-row';
import { useDraftPlanSource } from './use-draft-plan-source';
import { useSaveDraft } from './use-save-draft';

export const NO_PRODUCTS_ALERT = 'Please add at least one product to your customized campaign.';

/** The whole-campaign range shows only while every site shares it. */
function sharedRange(products: { from_date: string | null; to_date: string | null }[]): DateRange {
  const first = products[0];
  if (!first) return { from_date: null, to_date: null };
  const same = products.every((p) => p.from_date === first.from_date && p.to_date === first.to_date);
  return same ? { from_date: first.from_date, to_date: first.to_date } : { from_date: null, to_date: null };
}

/**
 * The user's customized campaign before saving (docs/product-spec.md section 2): the campaign page's layout with an
 * editable name, dates for the whole campaign or per site, a delete button per site, and Save, Add to
 * Cart, Buy Now and Help.
 */
export default function CustomizedPreviewPage() {
  const [draft, setDraft] = useLocalStore(customizedCampaignStore);
  const navigate = useNavigate();
  const { alert } = useNotify();
  const { run, saving, leaving } = useSaveDraft();
  const [helpOpen, setHelpOpen] = useState(false);
  const alerted = useRef(false);
  const empty = draft.products.length === 0;

  // No products: the product spec's alert, then back to building one. Not after a save emptied the draft.
  useEffect(() => {
    if (!empty || leaving.current || alerted.current) return;
    alerted.current = true;
    void alert(NO_PRODUCTS_ALERT).then(() => navigate('/customize', { replace: true }));
  }, [empty, alert, navigate, leaving]);

  const rules = useMemo(
    () => campaignPickerRules(draft.products.map((e) => e.product.booking_duration)),
    [draft.products],
  );
  const whole = sharedRange(draft.products);
  const images = useMemo(
    () => [...new Set(draft.products.map((e) => e.product.images[0]).filter((i): i is string => Boolean(i)))],
    [draft.products],
  );
  // Availability is checked once every site has both dates (docs/product-spec.md section 4).
  const items = useMemo<AvailabilityItem[] | null>(
    () =>
      allDated(draft)
        ? draft.products.map((e) => ({
            product_id: e.product.id,
            from_date: e.from_date as string,
            to_date: e.to_date as string,
          }))
        : null,
    [draft],
  );
  const availability = useAvailability(items);
  const prices = draftLinePrices(draft);
  const planSource = useDraftPlanSource(draft);

  if (empty) return <Container sx={{ py: 6 }} />;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="overline" component="h1" color="text.secondary" sx={{ fontSize: '0.85rem' }}>
        Your Customized Campaign
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.1fr) minmax(0, 1fr)' },
        }}
      >
        <ImageGallery images={images} alt={`${draft.name || 'Customized campaign'} sites`} />
        <Box>
          <CampaignNameField value={draft.name} onChange={(name) => setDraft((d) => renameDraft(d, name))} />
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {draft.products.length} {draft.products.length === 1 ? 'site' : 'sites'} you picked, booked
            together.
          </Typography>
          <Typography variant="h4" component="p" color="primary" sx={{ mt: 2, fontWeight: 800 }}>
            {formatRupees(draftTotal(draft))}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {allDated(draft)
              ? 'Total for the selected dates'
              : `Total with the sites without dates booked for the campaign's minimum of ${campaignMinDays(
                  draft.products.map((e) => e.product),
                )} days`}
          </Typography>
          <Divider sx={{ my: 2.5 }} />
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Select your Booking Dates
          </Typography>
          <BookingDateRange
            from={whole.from_date}
            to={whole.to_date}
            rules={rules}
            context="for every site"
            onChange={(range) => setDraft((d) => setAllDates(d, range))}
          />
          <Box
            sx={{
              mt: 3,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <Button variant="outlined" size="large" loading={saving} onClick={() => void run('save')}>
              Save
            </Button>
            <Button
              variant="outlined"
              size="large"
              startIcon={<ShoppingCartOutlined />}
              loading={saving}
              onClick={() => void run('addToCart')}
            >
              Add to Cart
            </Button>
            <Button variant="contained" size="large" loading={saving} onClick={() => void run('buyNow')}>
              Buy Now
            </Button>
            <Button
              variant="text"
              size="large"
              startIcon={<HelpOutlined />}
              onClick={() => setHelpOpen(true)}
            >
              Help
            </Button>
          </Box>
          <Box sx={{ mt: 2 }}>
            <PlanActions source={planSource} />
          </Box>
        </Box>
      </Box>

      <Box
        sx={{
          mt: { xs: 4, md: 6 },
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1.4fr)' },
        }}
      >
        <Paper variant="outlined" sx={{ p: 2, alignSelf: 'start' }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Location Details
          </Typography>
          <SiteLocations sites={draft.products.map((e) => e.product)} />
        </Paper>
        <Box>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Places in this campaign
          </Typography>
          <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
            {draft.products.map((entry, i) => (
              <PreviewProductRow
                key={entry.product.id}
                entry={entry}
                price={prices[i]}
                available={items ? availability.data?.get(entry.product.id) : undefined}
                onDatesChange={(range) => setDraft((d) => setProductDates(d, entry.product.id, range))}
                onDelete={() => setDraft((d) => removeProducts(d, [entry.product.id]))}
              />
            ))}
          </Stack>
        </Box>
      </Box>
      <HelpDialogOnDemand open={helpOpen} onClose={() => setHelpOpen(false)} isCustomized />
    </Container>
  );
}
