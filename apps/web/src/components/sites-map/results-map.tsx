import { Close } from '@mui/icons-material';
import { Box, IconButton, Stack, Typography } from '@mui/material';
import type { Product, ProductClustersResponse } from '@ooh/shared';
import { formatCount } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import type { DateRange } from '../../lib/campaigns/campaign-draft';
import { useOwnHolds } from '../../lib/holds/holds-api';
import type { ProductListQuery } from '../../lib/products/list-products';
import { ProductCard } from '../product-card';
import { availabilityFor, type SiteAvailability } from './availability';
import type { Bbox } from './bbox';
import SitesMap from './sites-map';

export interface ResultsMapProps {
  /** The page's filters and search (no paging, no bbox). */
  query: ProductListQuery;
  /** The view the list is narrowed to, from the address. */
  bbox: Bbox | null;
  onBboxChange(bbox: Bbox): void;
  dates?: DateRange;
  /** Where a site's card leads. */
  cardHref?(product: Product): string;
}

/**
 * The map of a result list (loaded only when the map is opened): every site matching the page's filters
 * within the view, counted by the server per cell of the zoom's grid (GET /product/clusters), coloured by
 * availability for the page's dates; moving the map narrows the list (through the address's bbox); a
 * marker opens the site's card with its Add/Remove.
 */
export default function ResultsMap({ query, bbox, onBboxChange, dates, cardHref }: ResultsMapProps) {
  // The buyer's own holds, read once for every card ("Held by you until ..."); none signed out.
  const ownHolds = useOwnHolds();
  const [view, setView] = useState<{ bbox: Bbox; zoom: number } | null>(null);
  // The page's query as one string: its identity changes on every render of the page.
  const filterKey = JSON.stringify(query);
  const from = dates?.from_date ?? undefined;
  const to = dates?.to_date ?? undefined;
  const clusterQuery = useMemo(() => {
    if (!view) return null;
    // Dates colour the map rather than narrow it: flexible means nothing here.
    const { flexible: _flexible, ...filters } = JSON.parse(filterKey) as ProductListQuery;
    const dated = from && to ? { available_from: from, available_to: to } : {};
    return { ...filters, ...dated, bbox: view.bbox.join(','), zoom: Math.round(view.zoom) };
  }, [filterKey, from, to, view]);
  const answer = useQuery({
    queryKey: ['products', 'clusters', clusterQuery],
    queryFn: ({ signal }) =>
      apiRequest<ProductClustersResponse>('/product/clusters', {
        query: clusterQuery as ProductListQuery,
        signal,
      }),
    enabled: clusterQuery !== null,
    placeholderData: keepPreviousData,
  });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [startBbox] = useState(bbox);
  const chosenQuery = useQuery({
    queryKey: ['products', 'one', selectedId],
    queryFn: ({ signal }) => apiRequest<Product>(`/product/${selectedId}`, { signal }),
    enabled: selectedId !== null,
  });
  const chosen = selectedId !== null ? (chosenQuery.data ?? null) : null;
  const serverClusters = useMemo(
    () => ({
      clusters: answer.data?.clusters ?? [],
      sites: (answer.data?.sites ?? []).map((s) => ({
        ...s,
        availability: (s.availability ?? 'unknown') as SiteAvailability,
      })),
    }),
    [answer.data],
  );
  const count = answer.data?.count ?? 0;
  const status = availabilityFor(chosen?.unavailable_dates ?? [], dates?.from_date, dates?.to_date);

  return (
    <Stack spacing={1.5} component="section" aria-label="Map of the sites">
      <SitesMap
        sites={serverClusters.sites}
        serverClusters={serverClusters}
        label="Map of the sites: use the arrow keys to move it, + and - to zoom, Tab to reach the markers"
        initialBbox={startBbox}
        onViewChange={onBboxChange}
        onMapView={(next, zoom) => setView({ bbox: next, zoom })}
        onSelect={setSelectedId}
        selectedId={selectedId}
      />
      <Typography variant="body2" color="text.secondary" role="status" data-testid="map-count">
        {answer.isPending
          ? 'Loading the map’s sites…'
          : `${formatCount(count)} ${count === 1 ? 'site' : 'sites'} on the map.`}
      </Typography>
      {chosen ? (
        <Box sx={{ position: 'relative', maxWidth: 380 }} data-testid="map-selected-site">
          <IconButton
            aria-label="Close the site’s card"
            onClick={() => setSelectedId(null)}
            size="small"
            sx={{ position: 'absolute', top: 6, right: 6, zIndex: 1, bgcolor: 'background.paper' }}
          >
            <Close fontSize="small" />
          </IconButton>
          <ProductCard
            product={chosen}
            dates={dates}
            href={cardHref?.(chosen)}
            available={status === 'unknown' ? undefined : status === 'free'}
            ownHolds={ownHolds}
            headingComponent="h3"
          />
        </Box>
      ) : null}
    </Stack>
  );
}
