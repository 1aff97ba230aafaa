import { Box, Button, Container, Grid, Pagination, Skeleton, Stack, Typography } from '@mui/material';
import { type Product, SEARCH_DEBOUNCE_MS } from '@ooh/shared';
import { lazy, memo, useEffect, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../components/load-error';
import { ProductCard } from '../../components/product-card';
import { type Bbox, parseBbox } from '../../components/sites-map/bbox';
import { MapSlot } from '../../components/sites-map/map-slot';
import { type ResultsView, ViewSwitch } from '../../components/sites-map/view-switch';
import { CARD_CELL } from '../../lib/draw-when-near';
import { useFilterParams } from '../../lib/filters/get-filter-params';
import { useOwnHolds } from '../../lib/holds/holds-api';
import { useLocalStore } from '../../lib/local-store';
import { type ProductListQuery, useProductPage } from '../../lib/products/list-products';
import { customizedCampaignStore } from '../../lib/stores';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useHydrated } from '../../lib/use-hydrated';
import { useUrlQuery, useUrlSearchInput } from '../../lib/use-url-query';
import { type AppliedDates, ProductDatesBar } from './components/product-dates-bar';
import { ProductFilters, type ProductFilterValues } from './components/product-filters';
import { PRODUCTS_PAGE_SIZE } from './first-page';
import { listOrderOf, sortsByCpm } from './list-order';

// Leaflet, the basemap and clustering load only when the map is opened.
const ResultsMap = lazy(() => import('../../components/sites-map/results-map'));

/**
 * The list's filters as the address gives them: the server's loader (routes/products.tsx) and the page read
 * them alike, so the server renders exactly the page the browser would ask for.
 */
export function productListQueryOf(params: URLSearchParams): ProductListQuery {
  const from = params.get('available_from') ?? '';
  const to = params.get('available_to') ?? '';
  const bbox = params.get('view') === 'map' ? parseBbox(params.get('bbox')) : null;
  const order = listOrderOf(params);
  return {
    search: params.get('search') || undefined,
    category: params.get('category') || undefined,
    state: params.get('state') || undefined,
    cpm: order.cpm || undefined,
    impression: order.impression || undefined,
    // The map shows every matching site and has no order; the list keeps it.
    ordering: order.ordering || undefined,
    ...(from && to ? { available_from: from, available_to: to } : {}),
    ...(from && to && params.get('flexible') === 'true' ? { flexible: 'true' } : {}),
    bbox: bbox?.join(','),
    page: Math.max(1, Number(params.get('page')) || 1),
    page_size: PRODUCTS_PAGE_SIZE,
  };
}

/**
 * /products (docs/product-spec.md section 2): the catalogue, paged from GET /product/ with a search box (debounced) and
 * simple filters. Filters, search and page live in the address, so a reload, Back and Forward keep them.
 */
export default function ProductsPage() {
  // The server renders the address's query too (routes/products.tsx), so it is read from the first render.
  const { query: params, set: setParams } = useUrlQuery({ rendered: true });
  const hydrated = useHydrated();
  const category = params.get('category') ?? '';
  const state = params.get('state') ?? '';
  const applied = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  // Free for my dates: available_to is exclusive, as the API and the campaign draft keep it.
  const from = params.get('available_from') ?? '';
  const to = params.get('available_to') ?? '';
  const flexible = params.get('flexible') === 'true';
  const appliedDates: AppliedDates | null = from && to ? { from, to, flexible } : null;
  const view: ResultsView = params.get('view') === 'map' ? 'map' : 'list';
  // The map's view narrows the list only while the map is open.
  const bbox = view === 'map' ? parseBbox(params.get('bbox')) : null;
  const [searchInput, setSearchInput, searchRef] = useUrlSearchInput(applied);
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const filterParams = useFilterParams();
  // "Add" puts a site into the customized campaign: the page says how many it holds and leads to it.
  const [draft] = useLocalStore(customizedCampaignStore);
  const inCampaign = hydrated ? draft.products.length : 0;

  // A new filter or search starts again at page 1.
  const update = (changes: Record<string, string>, push = true) =>
    setParams({ ...changes, page: '' }, { push });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the settled search changes
  useEffect(() => {
    if (search !== applied) update({ search }, false);
  }, [search]);

  const query = useMemo(() => productListQueryOf(params), [params]);
  const filters = useMemo<ProductListQuery>(() => {
    const { bbox: _bbox, page: _page, page_size: _size, ordering: _ordering, ...rest } = query;
    return rest;
  }, [query]);
  const onView = (next: ResultsView) => update({ view: next === 'map' ? 'map' : '', bbox: '' });
  const onBbox = (next: Bbox) => update({ bbox: next.join(',') }, false);
  // Every address arrives with its page of sites in the loader's cache (routes/products.tsx), under this key.
  const list = useProductPage(query);
  const products = list.data?.payload.results ?? NO_PRODUCTS;
  const count = list.data?.payload.count ?? 0;
  const pages = Math.ceil(count / PRODUCTS_PAGE_SIZE);

  const order = useMemo(() => listOrderOf(params), [params]);
  const values: ProductFilterValues = { search: searchInput, category, state, ...order };
  const onFilters = (next: ProductFilterValues) => {
    if (next.search !== searchInput) setSearchInput(next.search);
    const { search: _search, ...choices } = next;
    const { search: _applied, ...current } = values;
    if ((Object.keys(choices) as Array<keyof typeof choices>).some((k) => choices[k] !== current[k]))
      update(choices);
  };
  const onClear = () => {
    setSearchInput('');
    update({
      search: '',
      category: '',
      state: '',
      ordering: '',
      cpm: '',
      impression: '',
      bbox: '',
      available_from: '',
      available_to: '',
      flexible: '',
    });
  };
  const onDates = (next: AppliedDates | null) =>
    update({
      available_from: next?.from ?? '',
      available_to: next?.to ?? '',
      flexible: next?.flexible ? 'true' : '',
    });

  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 4, md: 6 } }}>
        <Container maxWidth="xl">
          <Typography variant="h3" component="h1" sx={{ mb: 1, fontSize: { xs: 30, sm: 40, md: 48 } }}>
            Advertising Sites
          </Typography>
          <Typography sx={{ opacity: 0.9, maxWidth: 720 }}>
            Lamp posts, hoardings, bridges, digital screens, transit and retail media in cities across India,
            each with its daily price, size and expected impressions.
          </Typography>
        </Container>
      </Box>
      <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
        <ProductFilters
          values={values}
          definitions={filterParams.data}
          onChange={onFilters}
          onClear={onClear}
          searchRef={searchRef}
          keep={{
            available_from: from,
            available_to: to,
            flexible: flexible ? 'true' : '',
            view: view === 'map' ? 'map' : '',
          }}
        />
        <ProductDatesBar key={`${from}/${to}`} applied={appliedDates} onApply={onDates} />
        <Stack
          direction="row"
          sx={{ my: 2.5, gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Typography color="text.secondary" role="status" aria-live="polite">
            {list.data && !list.isPlaceholderData
              ? `Showing ${count} ${count === 1 ? 'result' : 'results'}${appliedDates ? (flexible ? ' free on or near your dates' : ' free for your dates') : ''}${bbox ? ' in the map’s view' : ''}`
              : list.isError
                ? '\u00a0'
                : 'Loading sites…'}
          </Typography>
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            {inCampaign > 0 ? (
              <Button component={RouterLink} to="/customized-campaign-preview" variant="outlined">
                Your campaign ({inCampaign} {inCampaign === 1 ? 'site' : 'sites'})
              </Button>
            ) : null}
            <ViewSwitch view={view} onChange={onView} />
          </Stack>
        </Stack>
        <MapSlot open={view === 'map'} hydrated={hydrated}>
          <ResultsMap
            query={filters}
            bbox={bbox}
            onBboxChange={onBbox}
            dates={appliedDates ? { from_date: from, to_date: to } : undefined}
            cardHref={(p) => `/product/${p.id}`}
          />
        </MapSlot>

        {list.isError && !list.data ? (
          <LoadError onRetry={() => void list.refetch()}>
            We could not load the sites. {(list.error as Error).message}
          </LoadError>
        ) : null}

        {list.data && count === 0 ? (
          <Box sx={{ py: 8, textAlign: 'center' }}>
            <Typography variant="h6" component="p">
              No sites match these filters.
            </Typography>
            <Button sx={{ mt: 2 }} onClick={onClear}>
              Clear filters
            </Button>
          </Box>
        ) : null}

        <ResultsGrid
          products={list.isPending ? null : products}
          dimmed={list.isPlaceholderData}
          from={appliedDates ? from : ''}
          to={appliedDates ? to : ''}
          listView={view === 'list'}
          showCpm={sortsByCpm(order)}
        />

        {pages > 1 ? (
          <Stack sx={{ mt: 4, alignItems: 'center' }}>
            <Pagination
              count={pages}
              page={Math.min(page, pages)}
              onChange={(_, next) => {
                setParams({ page: next > 1 ? String(next) : '' }, { push: true });
                window.scrollTo({ top: 0 });
              }}
              color="primary"
              siblingCount={0}
              aria-label="Site pages"
            />
          </Stack>
        ) : null}
      </Container>
    </>
  );
}

const NO_PRODUCTS: Product[] = [];

/**
 * The page's cards, or skeletons while `products` is null. Memoised: the page renders again on every change
 * of its list's state (a fetch starting, the address read after hydration), and the cards, which did not
 * change, were most of that render's time, in one piece.
 */
const ResultsGrid = memo(function ResultsGrid({
  products,
  dimmed,
  from,
  to,
  listView,
  showCpm,
}: {
  products: Product[] | null;
  dimmed: boolean;
  from: string;
  to: string;
  listView: boolean;
  showCpm: boolean;
}) {
  const dates = from && to ? { from_date: from, to_date: to } : undefined;
  // The buyer's own holds, read once for every card ("Held by you until ..."); none signed out.
  const ownHolds = useOwnHolds();
  return (
    <Grid container spacing={3} sx={{ opacity: dimmed ? 0.6 : 1, transition: 'opacity 150ms' }}>
      {products === null
        ? Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeletons
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <Skeleton variant="rounded" height={330} />
            </Grid>
          ))
        : products.map((product, index) => (
            <Grid key={product.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }} sx={CARD_CELL}>
              <ProductCard
                product={product}
                href={`/product/${product.id}`}
                headingComponent="h2"
                dates={dates}
                announceAdd
                showCpm={showCpm}
                ownHolds={ownHolds}
                // The List's first photo is its largest paint; under an open map it is out of view.
                priority={index === 0 && listView}
              />
            </Grid>
          ))}
    </Grid>
  );
});
