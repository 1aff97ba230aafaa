import { Alert, Box, Button, Container, LinearProgress, Stack, Typography } from '@mui/material';
import { formatMonth, PAYOUT_STATES, thisMonthIst } from '@ooh/shared';
import { useEffect } from 'react';
import { type LoaderFunctionArgs, useLocation } from 'react-router';
import { ChoiceField } from '../../../components/choice-field';
import { LoadError } from '../../../components/load-error';
import { roomClientLoader } from '../../../components/room-outlet';
import { loadQueries } from '../../../lib/loader-queries';
import {
  hasFilters,
  PAYOUT_STATE_WORDS,
  type PayoutFilters,
  payoutFiltersFrom,
  payoutLines,
  payoutsQuery,
  recentMonths,
} from '../../../lib/payouts/payout-words';
import { useUrlQuery } from '../../../lib/use-url-query';
import { canSeeMoney, partnerPayoutsQuery, usePartnerPayouts } from '../../api/payouts';
import { partnerMeta } from '../../lib/partner-meta';
import { usePartnerOwner } from '../../partner-context';
import { PayoutLines } from './payout-lines';
import { LinkedAccountStatus, PayoutTotals } from './payout-totals';

/** The owner's filters the address carries: a state and a month (the operator's others are not theirs). */
const filtersFor = (query: URLSearchParams): PayoutFilters => {
  const { state, month } = payoutFiltersFrom(query);
  return { state, month };
};

export const meta = partnerMeta('Payouts');

/**
 * Rendered on the server with the payouts its address asks for (components/room-outlet.tsx); a field
 * member's 403 is left out, as the screen does not ask for them.
 */
export const loader = (args: LoaderFunctionArgs) =>
  loadQueries(args, [partnerPayoutsQuery(payoutsQuery(filtersFor(new URL(args.request.url).searchParams)))]);
export const clientLoader = roomClientLoader;

/**
 * /partner/payouts (docs/product-rules.md, "Payouts"; decision 047): what each paid line pays the owner and
 * when. A line's share is held until its proof is accepted, then released to the linked bank account; a
 * refund before release reverses it, after release it is recovered from later payouts (negative lines).
 * Admins and managers only: field members see no money.
 */
export default function PayoutsPage() {
  const owner = usePartnerOwner();
  const allowed = canSeeMoney(owner.role);
  const { query, set } = useUrlQuery({ rendered: true });
  const filters = filtersFor(query);
  const payouts = usePartnerPayouts(payoutsQuery(filters), allowed);
  // From a booking's payout chip (#payout-12): that line is scrolled to and marked once it is drawn.
  const { hash } = useLocation();
  const target = hash.startsWith('#payout-') ? hash.slice(1) : null;
  const drawn = Boolean(payouts.data);
  useEffect(() => {
    if (target && drawn) document.getElementById(target)?.scrollIntoView({ block: 'center' });
  }, [target, drawn]);
  const months = recentMonths(thisMonthIst());
  if (filters.month && !months.includes(filters.month)) months.push(filters.month);

  if (!allowed) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          Payouts
        </Typography>
        <Alert severity="info">Payouts are shown to the admins and managers of {owner.company_name}.</Alert>
      </Container>
    );
  }

  const data = payouts.data;
  const lines = data ? payoutLines(data.payouts, data.recoveries) : [];
  const filtered = hasFilters(filters);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Payouts
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Your share of each booking (its value less commission) is held until its proof of posting is accepted,
        then released to your bank. A refund before release reduces it; after release it is recovered from
        your next payouts.
      </Typography>
      {payouts.isError && (
        <LoadError onRetry={() => void payouts.refetch()}>We could not load your payouts.</LoadError>
      )}
      {data && (
        <Stack spacing={2} sx={{ mb: 3 }}>
          <Box component="section" aria-labelledby="payout-totals-title">
            <Typography id="payout-totals-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              {filtered ? 'Totals for these filters' : 'Totals'}
            </Typography>
            <PayoutTotals totals={data.totals} />
          </Box>
          <LinkedAccountStatus account={data.linked_account} />
        </Stack>
      )}
      <Box component="section" aria-labelledby="payout-lines-title">
        <Typography id="payout-lines-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          Payouts per booking
        </Typography>
        <Stack
          role="search"
          aria-label="Filter payouts"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          useFlexGap
          sx={{ mb: 2, flexWrap: 'wrap' }}
        >
          <ChoiceField
            size="small"
            label="State"
            value={filters.state ?? ''}
            onChange={(v) => set({ state: v }, { push: true })}
            choices={[
              { value: '', label: 'Any state' },
              ...PAYOUT_STATES.map((s) => ({ value: s, label: PAYOUT_STATE_WORDS[s] })),
            ]}
            sx={{ minWidth: 180 }}
          />
          <ChoiceField
            size="small"
            label="Month"
            value={filters.month ?? ''}
            onChange={(v) => set({ month: v }, { push: true })}
            choices={[
              { value: '', label: 'Any month' },
              ...months.map((m) => ({ value: m, label: formatMonth(m) })),
            ]}
            sx={{ minWidth: 180 }}
          />
          <Button
            onClick={() => set({ state: '', month: '' }, { push: true })}
            disabled={!filtered}
            sx={{ alignSelf: { sm: 'center' } }}
          >
            Clear filters
          </Button>
        </Stack>
        <Box sx={{ height: 4, mb: 1 }}>
          {payouts.isFetching && <LinearProgress aria-label="Loading payouts" />}
        </Box>
        {data && lines.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {filtered
              ? 'No payouts match these filters.'
              : 'No payouts yet: they start with your first paid booking.'}
          </Typography>
        )}
        {lines.length > 0 && <PayoutLines lines={lines} highlight={target} />}
      </Box>
    </Container>
  );
}
