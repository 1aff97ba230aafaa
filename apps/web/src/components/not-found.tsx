import { SearchOff } from '@mui/icons-material';
import { Button, Container, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../lib/api-client';

/**
 * A record that does not exist (an unknown, zero or non-numeric id in the address): says so and offers the
 * ways on, instead of a loader that never ends or a silent jump to the home page.
 */
export function NotFound({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <SearchOff sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h4" component="h1" sx={{ mt: 2, mb: 1.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {children}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to="/products" variant="contained">
          Browse sites
        </Button>
        <Button component={RouterLink} to="/campaigns" variant="outlined">
          See campaigns
        </Button>
        <Button component={RouterLink} to="/" variant="text">
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}

/** A load the API refused as a bad or unknown id: the record is not there (anything else may be retried). */
export const isMissing = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 400 || error.status === 404);

/** A whole number id from the address, or null (0, negative, words, too long). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
