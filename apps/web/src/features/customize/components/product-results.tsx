import { Alert, Box, Button, Checkbox, FormControlLabel, Skeleton, Stack, Typography } from '@mui/material';
import type { Product } from '@ooh/shared';
import { useEffect, useRef } from 'react';
import { ProductCard } from '../../../components/product-card';
import type { DateRange } from '../../../lib/campaigns/campaign-draft';
import { useOwnHolds } from '../../../lib/holds/holds-api';

export interface ProductResultsProps {
  products: Product[];
  count: number;
  /** No answer yet for the current filters (the previous list may still be shown). */
  loading: boolean;
  error: boolean;
  /** Availability per product id while the page has both dates. */
  availability?: Map<number, boolean>;
  dates?: DateRange;
  allSelected: boolean;
  onSelectAll(checked: boolean): void;
  /** How many sites "Select all" takes: every result of the filters and search, on all pages. */
  selectAllCount?: number;
  /** While the sites of a "Select all" are being added. */
  selecting?: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
}

const SKELETONS = ['s1', 's2', 's3', 's4', 's5', 's6'];

/** "Showing N results", "Select all products" and the grid: 3 columns, 2 on tablets, 1 on phones. */
export function ProductResults(props: ProductResultsProps) {
  // The buyer's own holds, read once for every card ("Held by you until ..."); none signed out.
  const ownHolds = useOwnHolds();
  const { products, hasMore, loadingMore, onLoadMore } = props;
  const sentinel = useRef<HTMLDivElement>(null);

  // Loads the next page as the end of the list scrolls into view; the button does the same by hand.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !loadingMore) onLoadMore();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore]);

  return (
    <Box component="section" aria-labelledby="results-heading">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ mb: 2, alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography id="results-heading" variant="h6" component="h2" aria-live="polite">
          {props.loading
            ? 'Loading sites…'
            : `Showing ${props.count} ${props.count === 1 ? 'result' : 'results'}`}
        </Typography>
        <FormControlLabel
          control={
            <Checkbox
              checked={props.allSelected}
              disabled={products.length === 0 || props.selectAllCount === 0 || props.selecting}
              onChange={(e) => props.onSelectAll(e.target.checked)}
            />
          }
          label={
            props.selectAllCount === undefined
              ? 'Select all products'
              : `Select all ${props.selectAllCount} ${props.selectAllCount === 1 ? 'product' : 'products'}`
          }
        />
      </Stack>
      {props.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          We could not load the sites. Please try again.
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {props.loading && products.length === 0
          ? SKELETONS.map((key) => <Skeleton key={key} variant="rounded" height={320} />)
          : products.map((p) => (
              <ProductCard
                key={p.id}
                product={p}
                available={props.availability?.get(p.id)}
                dates={props.dates}
                ownHolds={ownHolds}
              />
            ))}
      </Box>
      {!props.loading && products.length === 0 && !props.error ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          No sites match these filters. Try clearing some of them.
        </Typography>
      ) : null}
      <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        {hasMore ? (
          <Button variant="outlined" onClick={onLoadMore} loading={loadingMore}>
            Load more
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
