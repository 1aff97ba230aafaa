import { Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { type OpsSite, SITE_STATUSES, type SiteStatus } from '@ooh/shared';
import { useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { ChoiceField } from '../../../components/choice-field';
import { LoadError } from '../../../components/load-error';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import { loadQueries } from '../../../lib/loader-queries';
import { pageMeta } from '../../../lib/page-meta';
import { useUrlQuery } from '../../../lib/use-url-query';
import { DebouncedField } from '../../components/debounced-field';
import { OpsDataGrid } from '../../components/ops-data-grid';
import { formatInstant, humanize, rupees } from '../../lib/format';
import { opsSitesQuery, useOpsSites } from './api/ops-sites';
import { SiteReviewDialog } from './site-review-dialog';

const COLUMNS: GridColDef<OpsSite>[] = [
  { field: 'product_id', headerName: 'Code', minWidth: 140 },
  { field: 'name', headerName: 'Name', flex: 1.4, minWidth: 180 },
  { field: 'city', headerName: 'City', minWidth: 110 },
  {
    field: 'media_owner_name',
    headerName: 'Media owner',
    minWidth: 150,
    flex: 1,
    valueGetter: (_v, row) =>
      row.media_owner_name ?? (row.media_owner_id === null ? '—' : `#${row.media_owner_id}`),
  },
  {
    field: 'pending_changes',
    headerName: 'Review',
    minWidth: 130,
    valueGetter: (_v, row) =>
      row.status === 'pending' ? 'New site' : row.pending_changes ? 'Changes' : humanize(row.status),
  },
  { field: 'price', headerName: 'Price a day', minWidth: 120, valueFormatter: (v: number) => rupees(v) },
  {
    field: 'updated_at',
    headerName: 'Updated',
    minWidth: 170,
    valueFormatter: (v: string) => formatInstant(v),
  },
];

const isSiteStatus = (v: string | null): v is SiteStatus => SITE_STATUSES.includes(v as SiteStatus);

/** The list the address asks for: its status (those waiting, unless it says otherwise) and applied search. */
const listFor = (query: URLSearchParams) => {
  const raw = query.get('status');
  return { status: isSiteStatus(raw) ? raw : ('pending' as SiteStatus), search: query.get('search') ?? '' };
};

/** The page shown first; paging is the screen's own state, not the address's. */
const FIRST_PAGE = { page: 0, pageSize: 25 };

export const meta = () => pageMeta('Sites to review');

/** Rendered on the server with the first page its address asks for (components/room-outlet.tsx). */
export const loader = (args: LoaderFunctionArgs) => {
  const { status, search } = listFor(new URL(args.request.url).searchParams);
  return loadQueries(args, [opsSitesQuery(status, search, FIRST_PAGE.page + 1, FIRST_PAGE.pageSize)]);
};
export const shouldRevalidate = roomShouldRevalidate;

/** /ops/sites: sites waiting for review; a row opens the site with its photos and before/after changes. */
export default function OpsSitesPage() {
  const { query, set } = useUrlQuery({ rendered: true });
  const { status, search } = listFor(query);
  const [paging, setPaging] = useState(FIRST_PAGE);
  const sites = useOpsSites(status, search, paging.page + 1, paging.pageSize);
  const [openId, setOpenId] = useState<number | null>(null);

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between' }}
      >
        <Typography variant="h4" component="h1">
          Sites to review
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <DebouncedField
            label="Search"
            placeholder="Code, name or city"
            applied={search}
            apply={(v) => {
              set({ search: v });
              setPaging((p) => ({ ...p, page: 0 }));
            }}
          />
          <ChoiceField
            size="small"
            label="Status"
            value={status}
            onChange={(v) => {
              set({ status: v }, { push: true });
              setPaging((p) => ({ ...p, page: 0 }));
            }}
            choices={SITE_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
            sx={{ minWidth: 180 }}
          />
        </Stack>
      </Stack>
      {sites.isError ? (
        <LoadError onRetry={() => sites.refetch()}>The sites could not be loaded.</LoadError>
      ) : (
        <OpsDataGrid
          label="Sites"
          rows={sites.data?.results ?? []}
          columns={COLUMNS}
          rowCount={sites.data?.count ?? 0}
          loading={sites.isFetching}
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          onRowClick={(row) => setOpenId(row.id)}
          noRowsLabel={status === 'pending' ? 'No sites are waiting for review.' : 'No sites.'}
        />
      )}
      <SiteReviewDialog siteId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
