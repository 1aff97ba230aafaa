import { ArrowForward } from '@mui/icons-material';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export interface SectionHeadingProps {
  id: string;
  title: string;
  subtitle?: string;
  /** "View All" (or another label) to this route. */
  viewAll?: { to: string; label?: string; ariaLabel?: string };
}

/** A home section's title, subtitle and View All link. */
export function SectionHeading({ id, title, subtitle, viewAll }: SectionHeadingProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ mb: 3, alignItems: { xs: 'flex-start', sm: 'flex-end' }, justifyContent: 'space-between' }}
    >
      <Box>
        <Typography id={id} variant="h4" component="h2" sx={{ letterSpacing: '-0.01em' }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 640 }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {viewAll ? (
        <Button
          component={RouterLink}
          to={viewAll.to}
          endIcon={<ArrowForward />}
          aria-label={viewAll.ariaLabel}
          sx={{ flexShrink: 0 }}
        >
          {viewAll.label ?? 'View All'}
        </Button>
      ) : null}
    </Stack>
  );
}
