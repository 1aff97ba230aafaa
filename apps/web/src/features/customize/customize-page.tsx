import { ArrowForward } from '@mui/icons-material';
import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { type AvailabilityItem, formatRupees, SEARCH_DEBOUNCE_MS } from '@ooh/shared';
import { lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FilterPanel } from '../../components/filter-panel';
import { useNotify } from '../../components/notify';
import { type Bbox, parseBbox } from '../../components/sites-map/bbox';
import { MapSlot } from '../../components/sites-map/map-slot';
import { type ResultsView, ViewSwitch } from '../../components/sites-map/view-switch';
import {
  addProducts,
  draftTotal,
  isAllSelected,
  rangeFitsSite,
  removeProducts,
  renameDraft,
  selectAllProblem,
  usableDates,
} from '../../lib/campaigns/campaign-draft';
import {
  filterQueryChanges,
  filterQueryOf,
  fromProductQuery,
  initialFilters,
  type SelectedFilters,
} from '../../lib/filters/filter-state';
import { useFilterParams } from '../../lib/filters/get-filter-params';
import { useLocalStore } from '../../lib/local-store';
import { customizeDatesStore, customizedCampaignStore } from '../../lib/stores';
import { useDebounced } from '../../lib/use-debounced-value';
import { useHydrated } from '../../lib/use-hydrated';
import { useUrlQuery, useUrlSearchInput } from '../../lib/use-url-query';
import { useAvailability } from './api/check-availability';
import { fetchProductsByIds, useMatchingIds } from './api/list-product-ids';
import { useProductList } from './api/list-products';
import { CampaignNameField } from './components/campaign-name-field';
import { CustomizeSearchBar } from './components/customize-search-bar';
import { ProductResults } from './components/product-results';
import { useResetCheck } from './use-reset-check';

// Leaflet, the basemap and clustering load only when the map is opened.
const ResultsMap = lazy(() => import('../../components/sites-map/results-map'));

/**
 * Build a customized campaign (docs/product-spec.md section 2): name it, search and filter the catalogue, check
 * availability for chosen dates, add sites one by one or all at once, then proceed to the preview.
 */
export default function CustomizePage() {
  const [draft, setDraft] = useLocalStore(customizedCampaignStore);
  useResetCheck();

  const filterParams = useFilterParams();
  const definitions = filterParams.data;
  // Filters and search live in the address: a reload, Back from a site and Forward keep them.
  // The server renders the address's query too, so it is read from the first render.
  const url = useUrlQuery({ rendered: true });
  const hydrated = useHydrated();
  const filterQuery = useMemo(() => filterQueryOf(url.query), [url.query]);
  const inUrl = useMemo(() => fromProductQuery(definitions ?? [], filterQuery), [definitions, filterQuery]);
  // The panel shows a choice at once; the router applies the address in a transition, a moment later.
  const [selected, setShown] = useState(inUrl);
  const [seenInUrl, setSeenInUrl] = useState(inUrl);
  if (inUrl !== seenInUrl) {
    setSeenInUrl(inUrl);
    setShown(inUrl);
  }
  const setSelected = (next: SelectedFilters) => {
    setShown(next);
    url.set(filterQueryChanges(definitions ?? [], next), { push: true });
  };
  const search = url.query.get('search')?.trim() ?? '';
  const [searchInput, setSearchInput, searchRef] = useUrlSearchInput(search);
  const [settled, applySearch] = useDebounced(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the settled search changes
  useEffect(() => {
    if (settled !== search) url.set({ search: settled });
  }, [settled]);
  // Kept for the session: dates chosen here still apply to sites added after visiting one (docs/product-rules.md section 3a).
  const [storedDates, setDates] = useLocalStore(customizeDatesStore);
  const dates = usableDates(storedDates);
  const [flexible, setFlexible] = useState(false);
  // Free for my dates (docs/product-rules.md section 12): Search applies the chosen dates (and Flexible) to the list, which
  // then holds only the sites free for them. Dates kept from earlier in the session apply at once.
  const [searched, setSearched] = useState<{ from: string; to: string; flexible: boolean } | null>(() =>
    dates.from_date && dates.to_date ? { from: dates.from_date, to: dates.to_date, flexible: false } : null,
  );

  const view: ResultsView = url.query.get('view') === 'map' ? 'map' : 'list';
  // The map's view narrows the list (and "Select all") only while the map is open.
  const bboxParam = view === 'map' ? parseBbox(url.query.get('bbox'))?.join(',') : undefined;
  const filtersAndSearch = useMemo(
    () => ({ ...filterQuery, ...(search ? { search } : {}) }),
    [filterQuery, search],
  );
  const dateQuery = useMemo(
    (): Record<string, string> =>
      searched
        ? {
            available_from: searched.from,
            available_to: searched.to,
            ...(searched.flexible ? { flexible: 'true' } : {}),
          }
        : {},
    [searched],
  );
  const query = useMemo(
    () => ({ ...filtersAndSearch, ...dateQuery, ...(bboxParam ? { bbox: bboxParam } : {}) }),
    [filtersAndSearch, dateQuery, bboxParam],
  );
  const list = useProductList(query, true);
  const products = useMemo(() => list.data?.pages.flatMap((p) => p.payload.results) ?? [], [list.data]);
  const count = list.data?.pages[0]?.payload.count ?? 0;
  const matching = useMatchingIds(query);
  const [selecting, setSelecting] = useState(false);
  const { alert, notify } = useNotify();

  const datedRange = dates.from_date && dates.to_date ? dates : undefined;
  const availabilityItems = useMemo<AvailabilityItem[] | null>(
    () =>
      datedRange?.from_date && datedRange.to_date
        ? products.map((p) => ({
            product_id: p.id,
            from_date: datedRange.from_date as string,
            to_date: datedRange.to_date as string,
          }))
        : null,
    [products, datedRange?.from_date, datedRange?.to_date],
  );
  const availability = useAvailability(availabilityItems);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  /**
   * "Select all products" takes every result of the filters and search, on all pages (docs/product-rules.md section
   * 3a): the sites not loaded yet are fetched by id; the page's dates go to those they suit.
   */
  const onSelectAll = async (checked: boolean) => {
    const all = matching.data;
    if (!all || selecting) return;
    if (!checked) {
      setDraft((d) => removeProducts(d, all.ids));
      notify(
        `${all.ids.length} ${all.ids.length === 1 ? 'site' : 'sites'} removed from your campaign.`,
        'info',
      );
      return;
    }
    const problem = selectAllProblem(customizedCampaignStore.get(), all);
    if (problem) {
      await alert(problem);
      return;
    }
    setSelecting(true);
    try {
      const present = new Set(customizedCampaignStore.get().products.map((e) => e.product.id));
      const loaded = new Map(products.map((p) => [p.id, p]));
      const wanted = all.ids.filter((id) => !present.has(id));
      const fetched = await fetchProductsByIds(wanted.filter((id) => !loaded.has(id)));
      for (const p of fetched) loaded.set(p.id, p);
      const adding = wanted.map((id) => loaded.get(id)).filter((p) => p !== undefined);
      setDraft((d) => addProducts(d, adding, datedRange));
      const undated = datedRange ? adding.filter((p) => !rangeFitsSite(p, datedRange)).length : 0;
      notify(
        `${adding.length} ${adding.length === 1 ? 'site' : 'sites'} added to your campaign.` +
          (undated
            ? ` ${undated} of them need longer or other dates than yours: choose theirs in the preview.`
            : ''),
        'success',
      );
    } catch {
      notify('We could not add every site. Please try again.', 'error');
    } finally {
      setSelecting(false);
    }
  };

  const onSearch = () => {
    applySearch(searchInput.trim());
    setSearched(
      dates.from_date && dates.to_date ? { from: dates.from_date, to: dates.to_date, flexible } : null,
    );
    if (availabilityItems) void availability.refetch();
  };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <Typography variant="overline" component="h1" color="text.secondary" sx={{ fontSize: '0.85rem' }}>
        Customize Your Campaign
      </Typography>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <CampaignNameField value={draft.name} onChange={(name) => setDraft((d) => renameDraft(d, name))} />
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography color="text.secondary" aria-live="polite">
            {draft.products.length} {draft.products.length === 1 ? 'site' : 'sites'} selected ·{' '}
            <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
              {formatRupees(draftTotal(draft))}
            </Box>
          </Typography>
          <Button
            component={RouterLink}
            to="/customized-campaign-preview"
            variant="contained"
            endIcon={<ArrowForward />}
          >
            Proceed
          </Button>
        </Stack>
      </Stack>

      <CustomizeSearchBar
        search={searchInput}
        searchRef={searchRef}
        onSearchChange={setSearchInput}
        dates={dates}
        onDatesChange={setDates}
        flexible={flexible}
        onFlexibleChange={setFlexible}
        onSearch={onSearch}
      />

      <Box
        sx={{
          mt: 3,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box
          component="aside"
          // Beside the grid the panel stays in view and scrolls on its own when several sections are open.
          sx={{
            position: { md: 'sticky' },
            top: { md: 88 },
            maxHeight: { md: 'calc(100vh - 104px)' },
            overflowY: { md: 'auto' },
            pr: { md: 0.5 },
          }}
        >
          <FilterPanel
            definitions={definitions}
            loading={filterParams.isLoading}
            selected={selected}
            onChange={setSelected}
            onClearAll={() => setSelected(initialFilters(definitions ?? []))}
          />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ mb: 2, justifyContent: 'flex-end' }}>
            <ViewSwitch
              view={view}
              onChange={(next) => url.set({ view: next === 'map' ? 'map' : '', bbox: '' }, { push: true })}
            />
          </Stack>
          <MapSlot open={view === 'map'} hydrated={hydrated}>
            <ResultsMap
              query={{ ...filtersAndSearch, ...dateQuery }}
              bbox={parseBbox(bboxParam)}
              onBboxChange={(next: Bbox) => url.set({ bbox: next.join(',') })}
              dates={datedRange}
            />
          </MapSlot>
          <ProductResults
            products={products}
            count={count}
            loading={list.isPending || list.isPlaceholderData}
            error={list.isError}
            availability={availabilityItems ? availability.data : undefined}
            dates={datedRange}
            allSelected={isAllSelected(draft, matching.data)}
            onSelectAll={(checked) => void onSelectAll(checked)}
            selectAllCount={matching.data?.count}
            selecting={selecting}
            hasMore={Boolean(hasNextPage)}
            loadingMore={isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </Box>
      </Box>
    </Container>
  );
}
