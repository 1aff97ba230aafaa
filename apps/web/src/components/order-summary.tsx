import { Box, Divider, Stack, Typography } from '@mui/material';
import { formatRupees, GST_RATE_PERCENT, toRupees } from '@ooh/shared';
import { campaignPricePaise, cartTotalPaise, quotedLines } from '../lib/cart/cart-lines';
import { useGst } from '../lib/gst/use-gst-settings';
import type { StoredCampaign } from '../lib/stores';
import { PriceBreakdownLines } from './pricing/price-breakdown';

function Row({ label, paise, testId }: { label: string; paise: number; testId: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', py: 0.25 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        {formatRupees(toRupees(paise))}
      </Typography>
    </Stack>
  );
}

/**
 * The Order Summary list (docs/product-spec.md section 2): each campaign and its price, the Subtotal, GST (CGST 9 % +
 * SGST 9 % or IGST 18 % by the buyer's billing state; a neutral "GST 18 %" estimate before it is known,
 * docs/product-rules.md section 10), then "Total Payable", what is charged. Shared by the cart and the checkout;
 * checkout asks for `breakdown`: under each campaign, how the server priced each of its sites (decision 081),
 * which the cart already shows on its lines.
 */
export function OrderSummaryList({
  cart,
  billingState,
  breakdown = false,
}: {
  cart: readonly StoredCampaign[];
  billingState?: string | null;
  breakdown?: boolean;
}) {
  const gst = useGst(cartTotalPaise(cart), billingState);
  const half = GST_RATE_PERCENT / 2;
  return (
    <Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {cart.map((c) => (
          <Box component="li" key={c.id} sx={{ py: 0.75 }}>
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {c.name}
                <Typography component="span" variant="body2" color="text.secondary">
                  {` (${c.products.length} ${c.products.length === 1 ? 'site' : 'sites'})`}
                </Typography>
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                {formatRupees(toRupees(campaignPricePaise(c)))}
              </Typography>
            </Stack>
            {breakdown
              ? c.products.map((e) => {
                  const lines = quotedLines(e);
                  return lines ? (
                    <Box
                      key={e.product.id}
                      sx={{ pl: 1.5, mt: 0.5 }}
                      data-testid={`summary-breakdown-${e.product.id}`}
                    >
                      <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
                        {e.product.name}
                      </Typography>
                      <PriceBreakdownLines breakdown={{ lines }} dense />
                    </Box>
                  ) : null;
                })
              : null}
          </Box>
        ))}
      </Box>
      <Divider sx={{ my: 1.5 }} />
      <Row label="Subtotal" paise={gst.subtotalPaise} testId="subtotal" />
      {gst.kind === 'intra' ? (
        <>
          <Row label={`CGST ${half} %`} paise={gst.cgstPaise} testId="cgst" />
          <Row label={`SGST ${half} %`} paise={gst.sgstPaise} testId="sgst" />
        </>
      ) : (
        <Row
          label={gst.kind === 'inter' ? `IGST ${GST_RATE_PERCENT} %` : `GST ${GST_RATE_PERCENT} % (estimate)`}
          paise={gst.igstPaise}
          testId={gst.kind === 'inter' ? 'igst' : 'gst-estimate'}
        />
      )}
      {gst.placeOfSupply ? (
        <Typography variant="caption" color="text.secondary" component="p">
          Place of supply: {gst.placeOfSupply}
        </Typography>
      ) : (
        <Typography variant="caption" color="text.secondary" component="p">
          CGST + SGST or IGST, by your billing state at checkout.
        </Typography>
      )}
      <Divider sx={{ my: 1.5 }} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700 }}>Total Payable</Typography>
        <Typography variant="h6" component="p" data-testid="total-payable">
          {formatRupees(toRupees(gst.totalPaise))}
        </Typography>
      </Stack>
    </Box>
  );
}
