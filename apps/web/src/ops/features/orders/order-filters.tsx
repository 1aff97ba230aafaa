import { Box, Button } from '@mui/material';
import { storedOrderStatusSchema } from '@ooh/shared';
import { ChoiceField } from '../../../components/choice-field';
import { TextInput } from '../../../components/text-input';
import type { SetUrlQuery } from '../../../lib/use-url-query';
import { DebouncedField } from '../../components/debounced-field';
import { humanize } from '../../lib/format';
import { useOwnerChoices } from './api/ops-orders';

const FILTER_KEYS = ['q', 'status', 'created_from', 'created_to', 'media_owner_id', 'buyer'] as const;

/** The orders' filters, kept in the address so a reload or a shared link keeps them. */
export function OrderFilters({ query, set }: { query: URLSearchParams; set: SetUrlQuery }) {
  const owners = useOwnerChoices();
  const value = (key: string) => query.get(key) ?? '';
  const change = (key: string) => (v: string) => set({ [key]: v, page: '' });
  const ownerId = value('media_owner_id');
  const ownerKnown = owners.data?.results.some((o) => String(o.id) === ownerId);

  return (
    <Box
      role="search"
      aria-label="Filter orders"
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: { xs: '1fr 1fr', lg: '2fr 1fr 1fr 1fr 1.4fr 1.4fr auto' },
        // On phones and tablets the search boxes take a whole row; the short fields pair up.
        '& > .wide': { gridColumn: { xs: '1 / -1', lg: 'auto' } },
      }}
    >
      <DebouncedField
        className="wide"
        label="Search"
        placeholder="Order no., buyer, phone, site code"
        applied={value('q')}
        apply={change('q')}
      />
      <ChoiceField
        size="small"
        label="Status"
        value={value('status')}
        onChange={change('status')}
        choices={[
          { value: '', label: 'Any' },
          ...storedOrderStatusSchema.options.map((s) => ({ value: s, label: humanize(s) })),
        ]}
      />
      <TextInput
        size="small"
        type="date"
        label="Placed from"
        value={value('created_from')}
        onChange={(e) => change('created_from')(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value('created_to') || undefined } }}
      />
      <TextInput
        size="small"
        type="date"
        label="Placed to"
        value={value('created_to')}
        onChange={(e) => change('created_to')(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value('created_from') || undefined } }}
      />
      <ChoiceField
        size="small"
        label="Media owner"
        value={ownerKnown || !ownerId ? ownerId : ''}
        onChange={change('media_owner_id')}
        choices={[
          { value: '', label: 'Any' },
          ...(owners.data?.results ?? []).map((o) => ({ value: String(o.id), label: o.company_name })),
        ]}
      />
      <DebouncedField
        className="wide"
        label="Buyer"
        placeholder="Name, company or phone"
        applied={value('buyer')}
        apply={change('buyer')}
      />
      <Button
        className="wide"
        onClick={() => set(Object.fromEntries([...FILTER_KEYS, 'page'].map((k) => [k, ''])), { push: true })}
        disabled={FILTER_KEYS.every((k) => !query.get(k))}
      >
        Clear
      </Button>
    </Box>
  );
}
