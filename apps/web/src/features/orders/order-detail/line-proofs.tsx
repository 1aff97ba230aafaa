import { Box, Typography } from '@mui/material';
import type { OrderLineDetail } from '@ooh/shared';
import { ProofGrid } from '../../../components/proofs/proof-grid';

/**
 * A line's proof photos with their checks (docs/product-rules.md section 9, decision 029): each photo (fetched with
 * the session, the API serves it only to the buyer), Verified or Unverified with the reasons, the time in
 * IST, and a small map of the site and where the photo was taken.
 */
export function LineProofs({ line }: { line: OrderLineDetail }) {
  if (line.proofs.length === 0) return null;
  return (
    <Box component="section" aria-label={`Proof of posting: ${line.product.name}`}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        Proof of posting ({line.proofs.length})
      </Typography>
      <ProofGrid proofs={line.proofs} site={line.product} />
    </Box>
  );
}
