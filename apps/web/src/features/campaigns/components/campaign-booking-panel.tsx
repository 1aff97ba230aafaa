import { AddShoppingCart, HelpOutlined, RemoveShoppingCart, Save, ShoppingBag } from '@mui/icons-material';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { campaignPickerRules, formatAudienceTotal, formatRupees } from '@ooh/shared';
import { useMemo } from 'react';
import { BookingDateRange } from '../../../components/booking-date-range';
import { campaignTotalRupees, type DateRangeValue } from '../../../lib/campaigns/campaign-store-ops';
import type { StoredCampaign } from '../../../lib/stores';

export interface CampaignBookingPanelProps {
  campaign: StoredCampaign;
  inCart: boolean;
  saving: boolean;
  onWholeRange(range: DateRangeValue): void;
  onSave(): void;
  onToggleCart(): void;
  onBuyNow(): void;
  onHelp(): void;
}

/** The dates every site shares, or null when the sites differ. */
function common(campaign: StoredCampaign, key: 'from_date' | 'to_date'): string | null {
  const first = campaign.products[0]?.[key] ?? null;
  return campaign.products.every((e) => e[key] === first) ? first : null;
}

/** Name, description, total price, the whole-campaign pickers and the buttons (docs/product-spec.md section 2). */
export function CampaignBookingPanel(props: CampaignBookingPanelProps) {
  const { campaign } = props;
  // Rebuilt only when the sites' booking durations change, not on every render of a calendar day.
  const durationsKey = JSON.stringify(campaign.products.map((e) => e.product.booking_duration));
  const rules = useMemo(() => campaignPickerRules(JSON.parse(durationsKey) as unknown[]), [durationsKey]);
  const from = common(campaign, 'from_date');
  // Decision 080: the daily total only with where its figures come from.
  const audience = formatAudienceTotal(campaign.impressions ?? 0, campaign.audience_sources ?? []);
  const to = from ? common(campaign, 'to_date') : null;

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {campaign.name}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Chip label={`${campaign.products.length} ${campaign.products.length === 1 ? 'site' : 'sites'}`} />
        {audience ? <Chip label={audience} /> : null}
        <Chip label={campaign.type === 'customized' ? 'Customized campaign' : 'Recommended campaign'} />
      </Stack>
      {campaign.description ? <Typography color="text.secondary">{campaign.description}</Typography> : null}
      <Box>
        <Typography variant="body2" color="text.secondary">
          Total price
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 800 }} data-testid="campaign-total">
          {formatRupees(campaignTotalRupees(campaign.products))}
        </Typography>
      </Box>
      <Box component="section" aria-labelledby="campaign-dates-heading">
        <Typography
          id="campaign-dates-heading"
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 700, mb: 1 }}
        >
          Select your Booking Dates
        </Typography>
        <BookingDateRange
          from={from}
          to={to}
          onChange={props.onWholeRange}
          rules={rules}
          context="for the whole campaign"
          showSummary
        />
      </Box>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<Save />} onClick={props.onSave} loading={props.saving}>
          Save
        </Button>
        <Button
          variant={props.inCart ? 'outlined' : 'contained'}
          startIcon={props.inCart ? <RemoveShoppingCart /> : <AddShoppingCart />}
          onClick={props.onToggleCart}
        >
          {props.inCart ? 'Remove from Cart' : 'Add to Cart'}
        </Button>
        <Button variant="contained" color="secondary" startIcon={<ShoppingBag />} onClick={props.onBuyNow}>
          Buy Now
        </Button>
        <Button variant="text" startIcon={<HelpOutlined />} onClick={props.onHelp}>
          Help
        </Button>
      </Stack>
    </Stack>
  );
}
