import { Close } from '@mui/icons-material';
import { Box, IconButton, Stack, Typography } from '@mui/material';
import { PAGE_SIZE_MAX, type Product } from '@ooh/shared';
import { useMemo, useState } from 'react';
import type { DateRange } from '../../lib/campaigns/campaign-draft';
import { type ProductListQuery, useProductPage } from '../../lib/products/list-products';
import { ProductCard } from '../product-card';
import { availabilityFor } from './availability';
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
 * The map of a result list (loaded only when the map is opened): the sites matching the page's filters
 * within the view, clustered and coloured by availability for the page's dates; moving the map narrows the
 * list (through the address's bbox); a marker opens the site's card with its Add/Remove.
 */
export default function ResultsMap({ query, bbox, onBboxChange, dates, cardHref }: ResultsMapProps) {
  const mapQuery = useMemo(
    () => ({ ...query, bbox: bbox?.join(','), page: 1, page_size: PAGE_SIZE_MAX }),
    [query, bbox],
  );
  const markers = useProductPage(mapQuery);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [startBbox] = useState(bbox);
  const products = markers.data?.payload.results ?? [];
  const count = markers.data?.payload.count ?? 0;
  const sites = useMemo(
    () =>
      products.map((p) => ({
        id: p.id,
        name: p.name,
        city: p.city,
        latitude: p.latitude,
        longitude: p.longitude,
        availability: availabilityFor(p.unavailable_dates, dates?.from_date, dates?.to_date),
      })),
    [products, dates?.from_date, dates?.to_date],
  );
  const [chosen, setChosen] = useState<Product | null>(null);
  const select = (id: number) => {
    setSelectedId(id);
    setChosen(products.find((p) => p.id === id) ?? null);
  };
  const status = availabilityFor(chosen?.unavailable_dates ?? [], dates?.from_date, dates?.to_date);

  return (
    <Stack spacing={1.5} component="section" aria-label="Map of the sites">
      <SitesMap
        sites={sites}
        label="Map of the sites: use the arrow keys to move it, + and - to zoom, Tab to reach the markers"
        initialBbox={startBbox}
        onViewChange={onBboxChange}
        onSelect={select}
        selectedId={selectedId}
      />
      <Typography variant="body2" color="text.secondary" role="status">
        {markers.isPending
          ? 'Loading the map’s sites…'
          : count > products.length
            ? `The map shows ${products.length} of the ${count} sites here: zoom in to see them all.`
            : `${count} ${count === 1 ? 'site' : 'sites'} on the map.`}
      </Typography>
      {chosen ? (
        <Box sx={{ position: 'relative', maxWidth: 380 }} data-testid="map-selected-site">
          <IconButton
            aria-label="Close the site’s card"
            onClick={() => {
              setChosen(null);
              setSelectedId(null);
            }}
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
            headingComponent="h3"
          />
        </Box>
      ) : null}
    </Stack>
  );
}
