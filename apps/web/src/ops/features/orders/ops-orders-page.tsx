import { Alert, Stack, Typography } from '@mui/material';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { formatCount, OPS_ORDER_SORTS, type OpsOrderSort, type OpsOrderSummary } from '@ooh/shared';
import { type LoaderFunctionArgs, useNavigate } from 'react-router';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import type { Query } from '../../../lib/api-client';
import { loadQueries } from '../../../lib/loader-queries';
import { pageMeta } from '../../../lib/page-meta';
import { useUrlQuery } from '../../../lib/use-url-query';
import { OpsDataGrid, PAGE_SIZES } from '../../components/ops-data-grid';
import { formatInstant, rupees } from '../../lib/format';
import { errorText, isStatus, ownerChoicesQuery } from '../../lib/ops-api';
import { opsOrdersQuery, useOpsOrders } from './api/ops-orders';
import { OrderFilters } from './order-filters';
import { OrderStatusChip } from './order-status-chip';

/** Grid fields the API sorts by: the rest are not sortable. */
const SORT_FIELD: Record<string, OpsOrderSort> = {
  created_at: 'created_at',
  total: 'total',
  status: 'status',
};

const COLUMNS: GridColDef<OpsOrderSummary>[] = [
  { field: 'id', headerName: 'Order', minWidth: 90, sortable: false, valueFormatter: (v: number) => `#${v}` },
  {
    field: 'created_at',
    headerName: 'Placed',
    minWidth: 190,
    valueFormatter: (v: string) => formatInstant(v),
  },
  {
    field: 'buyer',
    headerName: 'Buyer',
    flex: 1.3,
    minWidth: 180,
    sortable: false,
    valueGetter: (_v, row) =>
      [row.buyer.name || row.buyer.phone, row.buyer.company].filter(Boolean).join(' · '),
  },
  {
    field: 'phone',
    headerName: 'Phone',
    minWidth: 120,
    sortable: false,
    valueGetter: (_v, row) => row.buyer.phone,
  },
  { field: 'lines', headerName: 'Sites', minWidth: 70, type: 'number', sortable: false },
  {
    field: 'total',
    headerName: 'Total',
    minWidth: 120,
    type: 'number',
    valueFormatter: (v: number) => rupees(v),
  },
  {
    field: 'status',
    headerName: 'Status',
    minWidth: 160,
    renderCell: (p) => <OrderStatusChip status={p.row.status} />,
  },
];

const int = (v: string | null, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The page the address asks for: its filters, sorting and paging, as the grid shows them and the API takes them. */
function listFor(query: URLSearchParams) {
  const page = int(query.get('page'), 1);
  const pageSize = PAGE_SIZES.includes(int(query.get('page_size'), 25))
    ? int(query.get('page_size'), 25)
    : 25;
  const sortParam = query.get('sort');
  const sort: OpsOrderSort = OPS_ORDER_SORTS.includes(sortParam as OpsOrderSort)
    ? (sortParam as OpsOrderSort)
    : 'created_at';
  const direction: 'asc' | 'desc' = query.get('direction') === 'asc' ? 'asc' : 'desc';
  const apiQuery: Query = {
    page,
    page_size: pageSize,
    sort,
    direction,
    q: query.get('q'),
    status: query.get('status'),
    created_from: query.get('created_from'),
    created_to: query.get('created_to'),
    media_owner_id: query.get('media_owner_id'),
    buyer: query.get('buyer'),
  };
  return { page, pageSize, sort, direction, apiQuery };
}

export const meta = () => pageMeta('Orders');

/** Rendered on the server with the page its address asks for and the owner filter's choices (components/room-outlet.tsx). */
export const loader = (args: LoaderFunctionArgs) =>
  loadQueries(args, [
    opsOrdersQuery(listFor(new URL(args.request.url).searchParams).apiQuery),
    ownerChoicesQuery(),
  ]);
export const shouldRevalidate = roomShouldRevalidate;

/** /ops/orders: every buyer's orders; filters, sorting and paging all happen on the server. */
export default function OpsOrdersPage() {
  const { query, set, hydrated } = useUrlQuery({ rendered: true });
  const navigate = useNavigate();
  const { page, pageSize, sort, direction, apiQuery } = listFor(query);
  const orders = useOpsOrders(apiQuery, hydrated);
  const sortModel: GridSortModel = [{ field: sort, sort: direction }];

  return (
    <>
      <Stack
        direction="row"
        spacing={2}
        sx={{ mb: 2, alignItems: 'baseline', justifyContent: 'space-between' }}
      >
        <Typography variant="h4" component="h1">
          Orders
        </Typography>
        {orders.data && (
          <Typography color="text.secondary" aria-live="polite">
            {formatCount(orders.data.count)} {orders.data.count === 1 ? 'order' : 'orders'}
          </Typography>
        )}
      </Stack>
      <OrderFilters query={query} set={set} />
      {orders.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {isStatus(orders.error, 400)
            ? errorText(orders.error)
            : 'The orders could not be loaded. Try again.'}
        </Alert>
      )}
      <OpsDataGrid
        label="Orders"
        rows={orders.data?.results ?? []}
        columns={COLUMNS}
        rowCount={orders.data?.count ?? 0}
        loading={orders.isFetching}
        paginationModel={{ page: page - 1, pageSize }}
        onPaginationModelChange={(m) =>
          set({
            page: m.page ? String(m.page + 1) : '',
            page_size: m.pageSize === 25 ? '' : String(m.pageSize),
          })
        }
        sortModel={sortModel}
        onSortModelChange={(model) => {
          const first = model[0];
          const field = first ? SORT_FIELD[first.field] : undefined;
          set({
            sort: field && field !== 'created_at' ? field : '',
            direction: first?.sort === 'asc' ? 'asc' : '',
            page: '',
          });
        }}
        onRowClick={(row) => navigate(`/ops/orders/${row.id}`)}
        noRowsLabel="No orders match these filters."
      />
    </>
  );
}
