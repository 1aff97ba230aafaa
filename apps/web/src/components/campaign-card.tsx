import { PlaceOutlined, VisibilityOutlined } from '@mui/icons-material';
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { type Campaign, campaignMinDays, formatAudienceTotal, formatRupees } from '@ooh/shared';
import { Link as RouterLink } from 'react-router';

const FALLBACK_IMAGE = '/media/placeholder.svg';

export interface CampaignCardProps {
  campaign: Pick<
    Campaign,
    'id' | 'name' | 'images' | 'total_locations' | 'impressions' | 'audience_sources' | 'price'
  > & {
    products?: Campaign['products'];
  };
  /** Heading level of the name, so each page keeps its headings in order. */
  headingComponent?: 'h2' | 'h3';
}

/**
 * A recommended campaign (docs/product-spec.md section 2): first image, name, number of media (total_locations),
 * impressions and total price; the whole card opens /campaign/{id}.
 */
export function CampaignCard({ campaign, headingComponent = 'h3' }: CampaignCardProps) {
  const image = campaign.images[0] || FALLBACK_IMAGE;
  const undated = campaign.products?.length && campaign.products.every((e) => !e.from_date);
  // Decision 080: the daily total only with where its figures come from.
  const audience = formatAudienceTotal(campaign.impressions, campaign.audience_sources ?? []);
  const run = undated ? campaignMinDays((campaign.products ?? []).map((e) => e.product)) : null;
  return (
    <Card
      component="article"
      sx={{
        height: '100%',
        transition: 'box-shadow 200ms, transform 200ms',
        '&:hover': { boxShadow: '0 10px 30px rgba(11,61,145,0.15)', transform: 'translateY(-2px)' },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={`/campaign/${campaign.id}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box
          component="img"
          src={image}
          alt=""
          loading="lazy"
          sx={{
            width: '100%',
            aspectRatio: '4 / 3',
            objectFit: 'cover',
            display: 'block',
            bgcolor: 'grey.200',
          }}
        />
        <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography
            component={headingComponent}
            variant="subtitle1"
            sx={{ fontWeight: 700, lineHeight: 1.3 }}
          >
            {campaign.name}
          </Typography>
          <Stack
            direction="row"
            useFlexGap
            sx={{ color: 'text.secondary', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
          >
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <PlaceOutlined fontSize="small" aria-hidden />
              <Typography variant="body2">{campaign.total_locations} Media</Typography>
            </Stack>
            {audience ? (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <VisibilityOutlined fontSize="small" aria-hidden />
                <Typography variant="body2">{audience}</Typography>
              </Stack>
            ) : null}
          </Stack>
          <Box sx={{ flexGrow: 1 }} />
          <Typography
            color="primary"
            sx={{ fontWeight: 800, fontSize: 18 }}
            data-testid="campaign-card-price"
          >
            {formatRupees(campaign.price)}
            {/* The price is the whole campaign for its minimum run: say how long that is. */}
            {run ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {` for ${run} days`}
              </Typography>
            ) : null}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
