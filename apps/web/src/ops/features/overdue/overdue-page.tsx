import { Alert, Chip, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { OpsOverdueLine, OpsOverdueResponse } from '@ooh/shared';
import { formatBookingPeriod, formatCount, formatDay } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type LoaderFunctionArgs, useNavigate } from 'react-router';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import { loadQueries } from '../../../lib/loader-queries';
import { pageMeta } from '../../../lib/page-meta';
import { OpsDataGrid } from '../../components/ops-data-grid';
import { formatInstant, humanize } from '../../lib/format';
import { opsKeys, opsQuery } from '../../lib/ops-api';

type Row = OpsOverdueLine & { id: number };

const COLUMNS: GridColDef<Row>[] = [
  {
    field: 'kind',
    headerName: 'Overdue',
    minWidth: 120,
    renderCell: (p) => (
      <Chip
        size="small"
        color={p.row.kind === 'creative' ? 'warning' : 'error'}
        label={p.row.kind === 'creative' ? 'Artwork' : 'Proof'}
      />
    ),
  },
  {
    field: 'days_overdue',
    headerName: 'Days late',
    type: 'number',
    minWidth: 90,
  },
  { field: 'site_name', headerName: 'Site', flex: 1.4, minWidth: 180 },
  {
    field: 'media_owner',
    headerName: 'Media owner',
    flex: 1,
    minWidth: 150,
    valueFormatter: (v: string | null) => v ?? '—',
  },
  { field: 'order_id', headerName: 'Order', minWidth: 90, valueFormatter: (v: number) => `#${v}` },
  { field: 'buyer_phone', headerName: 'Buyer', minWidth: 120 },
  {
    field: 'from_date',
    headerName: 'Dates',
    minWidth: 200,
    valueGetter: (_v, row) => formatBookingPeriod(row.from_date, row.to_date, { withDays: false }),
  },
  {
    field: 'due',
    headerName: 'Was due',
    minWidth: 170,
    valueFormatter: (v: string) => (v.length === 10 ? formatDay(v) : formatInstant(v)),
  },
  { field: 'status', headerName: 'Line status', minWidth: 150, valueFormatter: (v: string) => humanize(v) },
];

/** GET /api/ops/overdue: every late line at once. */
const overdueQuery = () => opsQuery<OpsOverdueResponse>(opsKeys.overdue, '/overdue');

export const meta = () => pageMeta('Overdue');

/** Rendered on the server with the overdue lines (components/room-outlet.tsx). */
export const loader = (args: LoaderFunctionArgs) => loadQueries(args, [overdueQuery()]);
export const shouldRevalidate = roomShouldRevalidate;

/**
 * /ops/overdue: paid lines whose artwork (due 3 days before the start) or posting proof (due 48 hours
 * after it) is late (docs/product-rules.md section 9). The list is short, so it is paged here rather than on the server.
 */
export default function OverduePage() {
  const navigate = useNavigate();
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const overdue = useQuery(overdueQuery());
  const rows: Row[] = (overdue.data?.lines ?? []).map((l) => ({ ...l, id: l.line_id }));
  const start = paging.page * paging.pageSize;

  return (
    <>
      <Stack
        direction="row"
        spacing={2}
        sx={{ mb: 1, alignItems: 'baseline', justifyContent: 'space-between' }}
      >
        <Typography variant="h4" component="h1">
          Overdue
        </Typography>
        {overdue.data && (
          <Typography color="text.secondary" aria-live="polite">
            {rows.length === 1 ? '1 line' : `${formatCount(rows.length)} lines`}
          </Typography>
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Artwork is due 3 days before a line starts; the posting proof within 48 hours after the start. Buyers
        and media owners have been reminded.
      </Typography>
      {overdue.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The overdue list could not be loaded. Try again.
        </Alert>
      )}
      <OpsDataGrid
        label="Overdue lines"
        rows={rows.slice(start, start + paging.pageSize)}
        columns={COLUMNS}
        rowCount={rows.length}
        loading={overdue.isFetching}
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        onRowClick={(row) => navigate(`/ops/orders/${row.order_id}`)}
        noRowsLabel="Nothing is overdue."
      />
    </>
  );
}
