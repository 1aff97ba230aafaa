import { Box, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@ooh/shared';

export function BrandLogo({ light = false }: { light?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {/* The tab icon's PNG: an <img> of an SVG is a document of its own that the browser builds on its main
        thread (40-60 ms of a slowed phone's, on every page); a PNG is decoded off it. */}
      <Box component="img" src="/favicon.png" alt="" width={32} height={32} />
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
