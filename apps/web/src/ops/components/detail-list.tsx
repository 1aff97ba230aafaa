import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Label and value pairs as a description list: two columns on wide screens, stacked on phones. */
export function DetailList({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 1 },
        m: 0,
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          {/* pre-line: what people typed on several lines (a description, a reason) keeps its lines. */}
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
          >
            {value ?? '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
