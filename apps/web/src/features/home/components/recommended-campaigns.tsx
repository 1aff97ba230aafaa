import { Alert, Grid, Skeleton } from '@mui/material';
import { CampaignCard } from '../../../components/campaign-card';
import { useCampaignList } from '../../../lib/campaigns/list-campaigns';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { SectionHeading } from './section-heading';

const SHOWN = 8;
const MOBILE_SHOWN = 4;

/** "Some Recommended Campaigns": a 4-column grid of standard campaigns with View All to /campaigns. */
export function RecommendedCampaigns() {
  const { ref, near } = useNearViewport<HTMLElement>();
  // Asked for as the section comes near the screen: not in the commit that ends hydration, where each query's
  // start (and its answer's render) made the first long task longer.
  const list = useCampaignList({ page: 1, page_size: SHOWN }, near);
  return (
    <section aria-labelledby="recommended-heading" ref={ref}>
      <SectionHeading
        id="recommended-heading"
        title="Some Recommended Campaigns"
        subtitle="Ready-made bundles of sites, planned city by city and priced as a whole."
        viewAll={{ to: '/campaigns', ariaLabel: 'View all recommended campaigns' }}
      />
      {list.isError ? (
        <Alert severity="error">We could not load the campaigns. Please try again later.</Alert>
      ) : null}
      <Grid container spacing={3}>
        {list.isPending || !near
          ? Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static skeletons
              <Grid key={i} size={{ xs: 12, sm: 6, md: 3 }}>
                <Skeleton variant="rounded" height={320} />
              </Grid>
            ))
          : (list.data?.payload.results ?? []).map((campaign, i) => (
              // Phones show the first four, so the page does not become a long scroll of cards.
              <Grid
                key={campaign.id}
                size={{ xs: 12, sm: 6, md: 3 }}
                sx={{ display: { xs: i < MOBILE_SHOWN ? 'block' : 'none', sm: 'block' } }}
              >
                <CampaignCard campaign={campaign} />
              </Grid>
            ))}
      </Grid>
    </section>
  );
}
