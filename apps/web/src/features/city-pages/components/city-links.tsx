import { Chip, Stack, Typography } from '@mui/material';
import { type CityEntry, cityPagePath } from '@ooh/shared';
import { Link as RouterLink } from 'react-router';

/** Great-circle distance is more than a ranking needs: degrees, with longitude shrunk by latitude. */
function nearness(from: CityEntry, to: CityEntry): number {
  if (from.latitude === null || from.longitude === null || to.latitude === null || to.longitude === null) {
    return Number.POSITIVE_INFINITY;
  }
  const dLat = from.latitude - to.latitude;
  const dLng = (from.longitude - to.longitude) * Math.cos((from.latitude * Math.PI) / 180);
  return dLat * dLat + dLng * dLng;
}

/** Other cities, nearest first when positions are known (then by size), at most `limit`. */
export function otherCities(cities: CityEntry[], slug: string, limit = 8): CityEntry[] {
  const self = cities.find((c) => c.slug === slug);
  const others = cities.filter((c) => c.slug !== slug);
  if (!self) return others.slice(0, limit);
  return others
    .map((c, i) => ({ c, d: nearness(self, c), i }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, limit)
    .map(({ c }) => c);
}

/** Cities as links to their pages, with their counts. */
export function CityLinks({
  cities,
  headingId,
  title,
}: {
  cities: CityEntry[];
  headingId: string;
  title: string;
}) {
  if (cities.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
        {cities.map((c) => (
          <li key={c.slug}>
            <Chip
              component={RouterLink}
              to={cityPagePath(c.slug)}
              clickable
              variant="outlined"
              label={`${c.name} (${c.count})`}
              sx={{ minHeight: 36 }}
            />
          </li>
        ))}
      </Stack>
    </section>
  );
}
