import { Box, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@ooh/shared';

export function BrandLogo({ light = false }: { light?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {/* The favicon's drawing, inline: an <img> of an SVG is a document of its own that the browser builds
        on its main thread (40-60 ms of a slowed phone's, on every page). */}
      <svg viewBox="0 0 64 64" width={32} height={32} aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#0b3d91" />
        <rect x="12" y="14" width="40" height="24" rx="3" fill="#ff9933" />
        <rect x="30" y="38" width="4" height="16" fill="#fff" />
        <rect x="20" y="52" width="24" height="4" rx="2" fill="#fff" />
      </svg>
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: { xs: 18, sm: 20 },
          letterSpacing: '-0.02em',
          whiteSpace: 'nowrap',
          color: light ? '#fff' : 'primary.main',
        }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
