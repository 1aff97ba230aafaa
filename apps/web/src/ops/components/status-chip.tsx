import { Box, Chip } from '@mui/material';
import { humanize } from '../lib/format';

export type Tone = 'success' | 'warning' | 'error' | 'default';

/**
 * A status as a small chip. The colour is a border and a dot; the words stay in the body colour, because
 * orange text on white (warning) is below the 4.5:1 contrast small text needs.
 */
export function StatusChip({ status, tone }: { status: string; tone: Tone }) {
  const colour = tone === 'default' ? 'grey.500' : `${tone}.main`;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={humanize(status)}
      icon={
        <Box
          component="span"
          aria-hidden
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: colour }}
        />
      }
      sx={{ borderColor: colour, color: 'text.primary', '& .MuiChip-icon': { ml: 1 } }}
    />
  );
}
