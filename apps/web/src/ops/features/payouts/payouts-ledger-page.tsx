import { Alert, Box, Button, Link, Stack, Tab, Tabs, Typography, useMediaQuery } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { formatCount, formatRupees, type PayoutRow, type PayoutsResponse } from '@ooh/shared';
import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type LoaderFunctionArgs, Link as RouterLink } from 'react-router';
import { PayoutStateChip } from '../../../components/payouts/payout-state-chip';
import { roomClientLoader } from '../../../components/room-outlet';
import { loadQueries } from '../../../lib/loader-queries';
import { pageMeta } from '../../../lib/page-meta';
import {
  payoutDates,
  payoutDetail,
  payoutFiltersFrom,
  payoutsQuery,
} from '../../../lib/payouts/payout-words';
import { useUrlQuery } from '../../../lib/use-url-query';
import { OpsDataGrid } from '../../components/ops-data-grid';
import { errorText, ownerChoicesQuery } from '../../lib/ops-api';
import { orderProofsQuery } from '../../lib/order-proofs';
import { opsPayoutsQuery, type PayoutAction, useOpsPayouts, usePayoutAction } from './api/ops-payouts';
import { FlaggedMark } from './flagged-mark';
import { PayoutActionDialog } from './payout-action-dialog';
import { actionsFor, actionText } from './payout-actions';
import { PayoutFilters } from './payout-filters';
import { PayoutLedgerCards } from './payout-ledger-cards';
import { ProofDecisions } from './proof-decisions';

type Decide = (row: PayoutRow, action: PayoutAction) => void;

function columns(decide: Decide, busyId: number | null): GridColDef<PayoutRow>[] {
  return [
    {
      // The line in full (its order, site, owner and the why of its state), so the actions stay in view.
      field: 'site_name',
      headerName: 'Line',
      flex: 2,
      minWidth: 240,
      renderCell: (p) => (
        <Box sx={{ minWidth: 0, whiteSpace: 'normal', lineHeight: 1.4 }}>
          <Link component={RouterLink} to={`/ops/orders/${p.row.order_id}`} variant="body2">
            Order #{p.row.order_id}
          </Link>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {p.row.site_name}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {[p.row.site_code, p.row.media_owner_name].filter(Boolean).join(' · ')}
          </Typography>
          <Typography variant="caption" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {payoutDetail(p.row, 'operator')}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'first_day',
      headerName: 'Dates',
      minWidth: 140,
      renderCell: (p) => (
        <Box sx={{ whiteSpace: 'normal', lineHeight: 1.4 }}>
          {payoutDates(p.row)
            .split(' - ')
            .map((d, i) => (
              <Typography key={d} variant="body2" component="div">
                {i ? `to ${d}` : d}
              </Typography>
            ))}
        </Box>
      ),
    },
    {
      field: 'amount',
      headerName: 'Amount',
      type: 'number',
      minWidth: 115,
      valueFormatter: (v: number) => formatRupees(v),
    },
    {
      field: 'state',
      headerName: 'State',
      minWidth: 120,
      renderCell: (p) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <PayoutStateChip state={p.row.state} />
          {p.row.flagged ? <FlaggedMark /> : null}
        </Stack>
      ),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      minWidth: 100,
      sortable: false,
      renderCell: (p) => (
        <Stack spacing={0.5} sx={{ alignItems: 'stretch' }}>
          {actionsFor(p.row).map((action) => (
            <Button
              key={action}
              size="small"
              variant={action === 'release' ? 'contained' : 'outlined'}
              color={action === 'hold' ? 'error' : 'primary'}
              disabled={busyId === p.row.id}
              onClick={() => decide(p.row, action)}
              aria-label={`${actionText(action, p.row).label} the payout for ${p.row.site_name}, order ${p.row.order_id}`}
            >
              {actionText(action, p.row).label}
            </Button>
          ))}
        </Stack>
      ),
    },
  ];
}

/** The view the address asks for, its filters and the API's query (the waiting view has no state or month). */
function viewFor(query: URLSearchParams) {
  const filters = payoutFiltersFrom(query);
  const awaiting = Boolean(filters.awaitingDecision);
  const apiQuery = payoutsQuery(awaiting ? { state: null, month: null, awaitingDecision: true } : filters);
  return { filters, awaiting, apiQuery };
}

export const meta = () => pageMeta('Payouts');

/**
 * Rendered on the server with the payouts its address asks for (components/room-outlet.tsx): the ledger with
 * the owner filter's choices; the waiting view with each line's proof, asked once the lines are known.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { awaiting, apiQuery } = viewFor(new URL(args.request.url).searchParams);
  if (!awaiting) return loadQueries(args, [opsPayoutsQuery(apiQuery), ownerChoicesQuery()]);
  const client = new QueryClient();
  const payouts = opsPayoutsQuery(apiQuery);
  await loadQueries(args, [payouts], client);
  const rows = (client.getQueryData(payouts.queryKey) as PayoutsResponse | undefined)?.payouts ?? [];
  return loadQueries(args, [...new Set(rows.map((r) => r.order_id))].map(orderProofsQuery), client);
}
export const clientLoader = roomClientLoader;

/**
 * /ops/payouts (docs/product-rules.md, "Payouts"; decision 047): the ledger of every owner's payouts per line,
 * filtered by owner, state, month and flagged, with Hold and Release (each with a reason, audited); and
 * the lines waiting on a proof decision, where the operator sees the photo and accepts or rejects it.
 */
export default function PayoutsLedgerPage() {
  const { query, set } = useUrlQuery({ rendered: true });
  const { filters, awaiting, apiQuery } = viewFor(query);
  const payouts = useOpsPayouts(apiQuery);
  const action = usePayoutAction();
  const [asked, setAsked] = useState<{ row: PayoutRow; action: PayoutAction } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  // Cards on the server and while hydrating (it cannot know the screen), the table right after on a wide one.
  const wide = useMediaQuery('(min-width:900px)');
  const busyId = action.isPending ? (action.variables?.id ?? null) : null;

  const decide: Decide = (row, a) => {
    action.reset();
    setDone(null);
    setAsked({ row, action: a });
  };
  const rows = payouts.data?.payouts ?? [];
  const start = paging.page * paging.pageSize;
  const text = asked ? actionText(asked.action, asked.row) : null;

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Payouts
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Each paid line's share is held until its proof is accepted. A verified proof releases it; an
        unverified one waits for your decision.
      </Typography>
      <Tabs
        value={awaiting ? 1 : 0}
        onChange={(_e, v: number) => {
          setPaging((p) => ({ ...p, page: 0 }));
          set({ view: v === 1 ? 'awaiting' : '' }, { push: true });
        }}
        aria-label="Payout views"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab label="Ledger" />
        <Tab label="Waiting on a proof decision" />
      </Tabs>
      {done && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {payouts.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The payouts could not be loaded: {errorText(payouts.error)}
        </Alert>
      )}
      {awaiting ? (
        payouts.data && <ProofDecisions rows={rows} busyId={busyId} onDecide={decide} />
      ) : (
        <>
          <PayoutFilters
            filters={filters}
            set={(changes, options) => {
              setPaging((p) => ({ ...p, page: 0 }));
              set(changes, options);
            }}
          />
          {payouts.data && (
            <Box sx={{ mb: 1 }}>
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {rows.length === 1 ? '1 payout' : `${formatCount(rows.length)} payouts`} · held{' '}
                {formatRupees(payouts.data.totals.held)} · released{' '}
                {formatRupees(payouts.data.totals.released)} · net paid{' '}
                {formatRupees(payouts.data.totals.net_paid)}
              </Typography>
            </Box>
          )}
          {wide ? (
            <OpsDataGrid
              label="Payout ledger"
              rows={rows.slice(start, start + paging.pageSize)}
              columns={columns(decide, busyId)}
              rowCount={rows.length}
              loading={payouts.isFetching}
              paginationModel={paging}
              onPaginationModelChange={setPaging}
              noRowsLabel="No payouts match these filters."
              autoRowHeight
            />
          ) : (
            payouts.data && (
              <PayoutLedgerCards
                rows={rows}
                busyId={busyId}
                onDecide={decide}
                paging={paging}
                onPaging={setPaging}
              />
            )
          )}
        </>
      )}
      {asked && text && (
        <PayoutActionDialog
          open
          title={text.title}
          description={text.description}
          warning={text.warning}
          action={text.label}
          danger={text.danger}
          pending={action.isPending}
          error={action.isError ? errorText(action.error) : null}
          onClose={() => setAsked(null)}
          onSubmit={(body) =>
            action.mutate(
              { id: asked.row.id, action: asked.action, body },
              {
                onSuccess: () => {
                  setDone(text.done);
                  setAsked(null);
                },
              },
            )
          }
        />
      )}
    </>
  );
}
