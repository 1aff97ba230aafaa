import { Box, Button, MenuItem, TextField } from '@mui/material';
import { storedOrderStatusSchema } from '@ooh/shared';
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
      <TextField
        select
        size="small"
        label="Status"
        value={value('status')}
        onChange={(e) => change('status')(e.target.value)}
      >
        <MenuItem value="">Any</MenuItem>
        {storedOrderStatusSchema.options.map((s) => (
          <MenuItem key={s} value={s}>
            {humanize(s)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="date"
        label="Placed from"
        value={value('created_from')}
        onChange={(e) => change('created_from')(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value('created_to') || undefined } }}
      />
      <TextField
        size="small"
        type="date"
        label="Placed to"
        value={value('created_to')}
        onChange={(e) => change('created_to')(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value('created_from') || undefined } }}
      />
      <TextField
        select
        size="small"
        label="Media owner"
        value={ownerKnown || !ownerId ? ownerId : ''}
        onChange={(e) => change('media_owner_id')(e.target.value)}
      >
        <MenuItem value="">Any</MenuItem>
        {(owners.data?.results ?? []).map((o) => (
          <MenuItem key={o.id} value={String(o.id)}>
            {o.company_name}
          </MenuItem>
        ))}
      </TextField>
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
