import { Box, Button, Checkbox, FormControlLabel } from '@mui/material';
import { formatMonth, thisMonthIst } from '@ooh/shared';
import { ChoiceField } from '../../../components/choice-field';
import {
  type PayoutFilters as Filters,
  PAYOUT_STATE_WORDS,
  PAYOUT_STATES,
  recentMonths,
} from '../../../lib/payouts/payout-words';
import type { SetUrlQuery } from '../../../lib/use-url-query';
import { usePayoutOwnerChoices } from './api/ops-payouts';

/** The ledger's filters, kept in the address: owner, state, month and flagged only. */
export function PayoutFilters({ filters, set }: { filters: Filters; set: SetUrlQuery }) {
  const owners = usePayoutOwnerChoices();
  const months = recentMonths(thisMonthIst());
  if (filters.month && !months.includes(filters.month)) months.push(filters.month);
  const ownerId = filters.mediaOwnerId ? String(filters.mediaOwnerId) : '';
  const ownerKnown = owners.data?.results.some((o) => String(o.id) === ownerId);
  const change = (key: string) => (value: string) => set({ [key]: value }, { push: true });
  const any = Boolean(filters.state || filters.month || filters.flagged || filters.mediaOwnerId);

  return (
    <Box
      role="search"
      aria-label="Filter payouts"
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        alignItems: 'center',
        gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr auto auto' },
        '& > .wide': { gridColumn: { xs: '1 / -1', md: 'auto' } },
      }}
    >
      <ChoiceField
        className="wide"
        size="small"
        label="Media owner"
        value={ownerKnown || !ownerId ? ownerId : ''}
        onChange={change('owner')}
        choices={[
          { value: '', label: 'Every owner' },
          ...(owners.data?.results ?? []).map((o) => ({ value: String(o.id), label: o.company_name })),
        ]}
      />
      <ChoiceField
        size="small"
        label="State"
        value={filters.state ?? ''}
        onChange={change('state')}
        choices={[
          { value: '', label: 'Any state' },
          ...PAYOUT_STATES.map((s) => ({ value: s, label: PAYOUT_STATE_WORDS[s] })),
        ]}
      />
      <ChoiceField
        size="small"
        label="Month"
        value={filters.month ?? ''}
        onChange={change('month')}
        choices={[
          { value: '', label: 'Any month' },
          ...months.map((m) => ({ value: m, label: formatMonth(m) })),
        ]}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={Boolean(filters.flagged)}
            onChange={(e) => change('flagged')(e.target.checked ? 'true' : '')}
          />
        }
        label="Flagged only"
      />
      <Button
        onClick={() => set({ owner: '', state: '', month: '', flagged: '' }, { push: true })}
        disabled={!any}
      >
        Clear
      </Button>
    </Box>
  );
}
