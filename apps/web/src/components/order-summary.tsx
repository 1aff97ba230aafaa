import { Box, Divider, Stack, Typography } from '@mui/material';
import { formatInr, toRupees } from '@ooh/shared';
import { campaignPricePaise, cartTotalPaise } from '../lib/cart/cart-lines';
import type { StoredCampaign } from '../lib/stores';

/**
 * The Order Summary list (SPEC section 2): each campaign and its price, then "Total Payable". Shared by the
 * cart and the checkout's side summary.
 */
export function OrderSummaryList({ cart }: { cart: readonly StoredCampaign[] }) {
  return (
    <Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {cart.map((c) => (
          <Stack
            component="li"
            key={c.id}
            direction="row"
            spacing={2}
            sx={{ justifyContent: 'space-between', py: 0.75 }}
          >
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {c.name}
              <Typography component="span" variant="body2" color="text.secondary">
                {` (${c.products.length} ${c.products.length === 1 ? 'site' : 'sites'})`}
              </Typography>
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {formatInr(toRupees(campaignPricePaise(c)))}
            </Typography>
          </Stack>
        ))}
      </Box>
      <Divider sx={{ my: 1.5 }} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700 }}>Total Payable</Typography>
        <Typography variant="h6" component="p" data-testid="total-payable">
          {formatInr(toRupees(cartTotalPaise(cart)))}
        </Typography>
      </Stack>
    </Box>
  );
}
