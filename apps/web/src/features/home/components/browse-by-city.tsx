import { Link, Stack } from '@mui/material';
import { cityPagePath, FEATURED_CITIES, formatCount } from '@ooh/shared';
import { Link as RouterLink } from 'react-router';
import { useCityDirectory } from '../../../lib/city-pages/get-city-directory';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { SectionHeading } from './section-heading';

const SHOWN = 12;

/**
 * "Browse by city": links to the city pages. The largest markets are in the HTML from the start (server-rendered,
 * so crawlers and a visitor without JavaScript see them); near the screen, the catalogue's own cities with
 * their counts replace them.
 */
export function BrowseByCity() {
  const near = useNearViewport<HTMLElement>();
  const directory = useCityDirectory(near.near);
  // Real figures from the catalogue (docs/product-rules.md section 3a): how many live sites in how many cities, or nothing.
  const listed = directory.data?.cities ?? [];
  const sites = listed.reduce((n, c) => n + c.count, 0);
  const figures =
    listed.length > 0
      ? `${formatCount(sites)} ${sites === 1 ? 'site' : 'sites'} in ${listed.length} ${listed.length === 1 ? 'city' : 'cities'}: hoardings, lamp posts, bridges and screens where your customers are.`
      : 'Hoardings, lamp posts, bridges and screens in the cities where your customers are.';
  const cities =
    directory.data?.cities.slice(0, SHOWN).map((c) => ({ slug: c.slug, label: `${c.name} (${c.count})` })) ??
    FEATURED_CITIES.map((c) => ({ slug: c.slug, label: c.name }));
  return (
    <section aria-labelledby="cities-heading" ref={near.ref}>
      <SectionHeading id="cities-heading" title="Browse by city" subtitle={figures} />
      <Stack
        component="ul"
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1.5, listStyle: 'none', p: 0, m: 0 }}
      >
        {cities.map((c) => (
          <li key={c.slug}>
            {/* Links styled as pills, not MUI's Chip: the home page's first load stays what it was. */}
            <Link
              component={RouterLink}
              to={cityPagePath(c.slug)}
              underline="none"
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                minHeight: 40,
                px: 2,
                borderRadius: 5,
                border: 1,
                borderColor: 'primary.main',
                fontSize: 15,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              {c.label}
            </Link>
          </li>
        ))}
      </Stack>
    </section>
  );
}
