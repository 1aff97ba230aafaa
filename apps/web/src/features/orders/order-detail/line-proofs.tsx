import Typography from '@mui/material/Typography';
import type { OrderLineDetail } from '@ooh/shared';

/**
 * A line's proof photos with their checks (DESIGN.md section 9). PLACEHOLDER of the foundation commit:
 * the proofs work replaces it (photo, small map, IST time, Verified/Unverified with reasons).
 */
export function LineProofs({ line }: { line: OrderLineDetail }) {
  if (line.proofs.length === 0) return null;
  return <Typography variant="body2">{line.proofs.length} proof photo(s)</Typography>;
}
