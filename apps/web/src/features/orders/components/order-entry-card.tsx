import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { formatDay, formatRupees, lastDayOf } from '@ooh/shared';
import type { ReactNode } from 'react';
import { TextInput } from '../../../components/text-input';

export interface OrderEntryCardProps {
  id: string;
  name: string;
  /** Rupees. */
  price: number;
  from: string | null;
  /** Exclusive, as the API sends it: the field shows the last day, the one before. */
  to: string | null;
  /** What the price is ("Total Price" by default; "Total incl. GST" for an order). */
  priceLabel?: string;
  /** Money returned and kept, when any was refunded. */
  refund?: { refunded: number; net: number } | null;
  /** A line under the name: sites, order number. */
  meta?: string;
  status?: { label: string; color: 'success' | 'default' | 'warning' };
  actions?: ReactNode;
}

/** A read-only date as a labelled field (docs/product-spec.md section 2, My Orders: "read-only"). */
function ReadOnlyDate({ id, label, value }: { id: string; label: string; value: string | null }) {
  return (
    <TextInput
      id={id}
      label={label}
      value={value ? formatDay(value) : 'Not set'}
      size="small"
      slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
      sx={{ minWidth: 150 }}
    />
  );
}

/** One entry of My Orders: name, total price, earliest start and latest end. */
export function OrderEntryCard(props: OrderEntryCardProps) {
  const { id, name, price, from, to, meta, status, actions } = props;
  return (
    <Card component="article" aria-labelledby={`${id}-name`} data-testid="order-entry">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography id={`${id}-name`} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {name}
              </Typography>
              {status ? (
                <Chip size="small" label={status.label} color={status.color} variant="outlined" />
              ) : null}
            </Stack>
            {meta ? (
              <Typography variant="body2" color="text.secondary">
                {meta}
              </Typography>
            ) : null}
          </Box>
          <Box sx={{ textAlign: { sm: 'right' } }}>
            <Typography variant="body2" color="text.secondary">
              {props.priceLabel ?? 'Total Price'}
            </Typography>
            <Typography variant="h6" component="p" data-testid="order-entry-total">
              {formatRupees(price)}
            </Typography>
            {props.refund ? (
              <Typography variant="body2" color="text.secondary" data-testid="order-entry-refund">
                Refunded {formatRupees(props.refund.refunded)} · Net {formatRupees(props.refund.net)}
              </Typography>
            ) : null}
          </Box>
        </Stack>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 2, alignItems: { sm: 'center' } }}
        >
          <ReadOnlyDate id={`${id}-from`} label="Start Date" value={from} />
          <ReadOnlyDate id={`${id}-to`} label="End Date" value={to ? lastDayOf(to) : null} />
          {actions ? (
            <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto' } }}>
              {actions}
            </Stack>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
