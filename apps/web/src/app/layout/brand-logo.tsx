import { Box, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@ooh/shared';

export function BrandLogo({ light = false }: { light?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="img" src="/favicon.svg" alt="" width={32} height={32} />
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
