import { Search } from '@mui/icons-material';
import {
  Box,
  Button,
  Container,
  Grid,
  InputAdornment,
  Pagination,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { SEARCH_DEBOUNCE_MS } from '@ooh/shared';
import { useEffect } from 'react';
import { CampaignCard } from '../../components/campaign-card';
import { LoadError } from '../../components/load-error';
import { TextInput } from '../../components/text-input';
import { useCampaignList } from '../../lib/campaigns/list-campaigns';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useUrlQuery, useUrlSearchInput } from '../../lib/use-url-query';

const PAGE_SIZE = 24;

/**
 * /campaigns (docs/product-spec.md section 2): the recommended campaigns with a search box (debounced 400 ms, sent as
 * ?search=) and "Showing {n} results". The search and page live in the address, so Back returns to them.
 */
export default function CampaignsPage() {
  const { query: params, set: setParams, hydrated } = useUrlQuery();
  const applied = params.get('search') ?? '';
  const [input, setInput, searchRef] = useUrlSearchInput(applied);
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const page = Math.max(1, Number(params.get('page')) || 1);

  // The settled search goes to the address (replacing, so typing does not fill the history); the list
  // follows the address, so Back and Forward bring earlier searches back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the settled search changes
  useEffect(() => {
    if (search !== applied) setParams({ search, page: '' });
  }, [search]);

  const list = useCampaignList({ search: applied || undefined, page, page_size: PAGE_SIZE }, hydrated);
  const campaigns = list.data?.payload.results ?? [];
  const count = list.data?.payload.count ?? 0;
  const pages = Math.ceil(count / PAGE_SIZE);

  const goToPage = (next: number) => {
    setParams({ page: next > 1 ? String(next) : '' }, { push: true });
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 4, md: 6 } }}>
        <Container maxWidth="xl">
          <Typography variant="h3" component="h1" sx={{ mb: 1, fontSize: { xs: 30, sm: 40, md: 48 } }}>
            Our Recommended Campaigns
          </Typography>
          <Typography sx={{ opacity: 0.9, maxWidth: 720 }}>
            Ready-made bundles of hand-picked sites, priced as a whole. Open one to pick your dates, or search
            by city, format or occasion.
          </Typography>
        </Container>
      </Box>
      <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 3, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <TextInput
            type="search"
            label="Search campaigns"
            placeholder="City, format or occasion"
            value={input}
            inputRef={searchRef}
            onChange={(e) => setInput(e.target.value)}
            size="small"
            sx={{ width: { xs: '100%', sm: 360 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search aria-hidden />
                  </InputAdornment>
                ),
              },
              htmlInput: { maxLength: 200 },
            }}
          />
          <Typography color="text.secondary" role="status" aria-live="polite">
            {list.data && !list.isPlaceholderData
              ? `Showing ${count} results`
              : list.isError
                ? '\u00a0'
                : 'Loading campaigns…'}
          </Typography>
        </Stack>

        {list.isError && !list.data ? (
          <LoadError onRetry={() => void list.refetch()}>
            We could not load the campaigns. {(list.error as Error).message}
          </LoadError>
        ) : null}

        {list.data && count === 0 ? (
          <Box sx={{ py: 8, textAlign: 'center' }}>
            <Typography variant="h6" component="p">
              No campaigns match “{applied}”.
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              Try a city such as Mumbai or a format such as lamp posts, or clear the search.
            </Typography>
            <Button sx={{ mt: 2 }} onClick={() => setInput('')}>
              Clear search
            </Button>
          </Box>
        ) : null}

        <Grid
          container
          spacing={3}
          sx={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          {list.isPending
            ? Array.from({ length: 8 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static skeletons
                <Grid key={i} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                  <Skeleton variant="rounded" height={320} />
                </Grid>
              ))
            : campaigns.map((campaign) => (
                <Grid key={campaign.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                  <CampaignCard campaign={campaign} headingComponent="h2" />
                </Grid>
              ))}
        </Grid>

        {pages > 1 ? (
          <Stack sx={{ mt: 4, alignItems: 'center' }}>
            <Pagination
              count={pages}
              page={Math.min(page, pages)}
              onChange={(_, next) => goToPage(next)}
              color="primary"
              aria-label="Campaign pages"
            />
          </Stack>
        ) : null}
      </Container>
    </>
  );
}
