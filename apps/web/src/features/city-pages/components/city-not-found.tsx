import { SearchOff } from '@mui/icons-material';
import { Button, Container, Stack, Typography } from '@mui/material';
import { type CityEntry, cityPagePath } from '@ooh/shared';
import { Link as RouterLink } from 'react-router';
import { CityLinks } from './city-links';

/**
 * An address naming no city (or format) with live sites: says so and offers the cities there are, and the
 * city's own page when only the format is unknown there.
 */
export function CityNotFound({ cities, city }: { cities: CityEntry[]; city?: CityEntry }) {
  const formatOnly = city !== undefined;
  const title = formatOnly ? 'No such sites in this city' : 'City not found';
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <Stack sx={{ alignItems: 'center', textAlign: 'center', mb: 5 }}>
        <SearchOff sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h4" component="h1" sx={{ mt: 2, mb: 1.5 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {formatOnly
            ? 'We have no live sites of this format here right now. Try another format or city below.'
            : 'We have no live advertising sites at this address. Pick one of the cities below, or browse every site.'}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {city ? (
            <Button component={RouterLink} to={cityPagePath(city.slug)} variant="contained">
              All sites in {city.name}
            </Button>
          ) : null}
          <Button component={RouterLink} to="/products" variant={city ? 'outlined' : 'contained'}>
            Browse all sites
          </Button>
        </Stack>
      </Stack>
      <CityLinks cities={cities} headingId="known-cities-heading" title="Cities with advertising sites" />
    </Container>
  );
}
