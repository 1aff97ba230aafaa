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
  TextField,
  Typography,
} from '@mui/material';
import { SEARCH_DEBOUNCE_MS } from '@ooh/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCampaignList } from './api/list-campaigns';
import { CampaignCard } from './components/campaign-card';

const PAGE_SIZE = 24;

/**
 * /campaigns (SPEC section 2): the recommended campaigns with a search box (debounced 400 ms, sent as
 * ?search=) and "Showing {n} results". The search and page live in the address, so Back returns to them.
 */
export default function CampaignsPage() {
  const [params, setParams] = useSearchParams();
  const [input, setInput] = useState(() => params.get('search') ?? '');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const page = Math.max(1, Number(params.get('page')) || 1);

  // The settled search goes to the address (replacing, so typing does not fill the history).
  useEffect(() => {
    setParams(
      (prev) => {
        if ((prev.get('search') ?? '') === search) return prev;
        const next = new URLSearchParams(prev);
        if (search) next.set('search', search);
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [search, setParams]);

  const list = useCampaignList({ search: search || undefined, page, page_size: PAGE_SIZE });
  const campaigns = list.data?.payload.results ?? [];
  const count = list.data?.payload.count ?? 0;
  const pages = Math.ceil(count / PAGE_SIZE);

  const goToPage = (next: number) => {
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (next > 1) p.set('page', String(next));
      else p.delete('page');
      return p;
    });
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
          <TextField
            type="search"
            label="Search campaigns"
            placeholder="City, format or occasion"
            value={input}
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
            {list.data ? `Showing ${count} results` : '\u00a0'}
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
              No campaigns match “{search}”.
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
