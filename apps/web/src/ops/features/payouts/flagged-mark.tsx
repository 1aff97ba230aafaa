import FlagIcon from '@mui/icons-material/Flag';
import { Chip } from '@mui/material';

/** A flagged line (no accepted proof 48 h after its start), marked so it is seen in a long list. */
export function FlaggedMark() {
  return (
    <Chip
      size="small"
      color="error"
      icon={<FlagIcon aria-hidden />}
      label="Flagged"
      title="No accepted proof 48 hours after the start"
      data-testid="payout-flagged"
    />
  );
}
