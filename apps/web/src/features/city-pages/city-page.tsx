import { Box, Breadcrumbs, Button, Chip, Container, Grid, Link, Stack, Typography } from '@mui/material';
import { type CityPage as CityPageData, cityPagePath, formatLabel, formatRupees } from '@ooh/shared';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageLoader } from '../../components/page-loader';
import { ProductCard } from '../../components/product-card';
import { useCityDirectory } from '../../lib/city-pages/get-city-directory';
import { CARD_CELL } from '../../lib/draw-when-near';
import { useCityPage } from './api/get-city-page';
import { CityLinks, otherCities } from './components/city-links';
import { CityNotFound } from './components/city-not-found';
import { cityPageJsonLd } from './components/structured-data';

/** "₹400" rather than "₹400.00" for whole rupees. */
const rupees = (amount: number) => formatRupees(amount).replace(/\.00$/, '');

/**
 * /outdoor-advertising/{city} and /outdoor-advertising/{city}/{format} (docs/product-rules.md section 12): a city's live
 * sites for people searching "hoardings in Mumbai". The server renders it with its answers (routes/city.tsx: title, description,
 * canonical link, structured data in the HTML); an unknown city is a 404 with the cities there are.
 */
export default function CityPage({ missing }: { missing?: boolean }) {
  const { city = '', format } = useParams();
  const page = useCityPage(city, format, missing);
  const directory = useCityDirectory(true);
  const cities = directory.data?.cities ?? [];

  if (page.missing) {
    const known = format === undefined ? undefined : cities.find((c) => c.slug === city);
    return <CityNotFound cities={cities} city={known} />;
  }
  if (page.isError) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <LoadError onRetry={() => void page.refetch()}>
          We could not load this city's sites. {(page.error as Error).message}
        </LoadError>
      </Container>
    );
  }
  if (!page.data) return <PageLoader />;
  return <CityPageView page={page.data} others={otherCities(cities, page.data.city.slug)} />;
}

/** A city page's words and head (title, description, canonical link, structured data), for its route's meta. */
export function cityPageHead(page: CityPageData) {
  const cityName = page.city.name;
  const formatName = page.format ? formatLabel(page.format.name) : null;
  const heading = formatName ? `${formatName} in ${cityName}` : `Outdoor advertising in ${cityName}`;
  const sitesWord = page.count === 1 ? 'site' : 'sites';
  const prices =
    page.price_min === null || page.price_max === null
      ? ''
      : page.price_min === page.price_max
        ? ` at ${rupees(page.price_min)} a day`
        : ` from ${rupees(page.price_min)} to ${rupees(page.price_max)} a day`;
  const kinds = page.format
    ? (formatName ?? '').toLowerCase()
    : page.formats.map((f) => formatLabel(f.name).toLowerCase()).join(', ');
  return {
    cityName,
    formatName,
    heading,
    sitesWord,
    title: `${heading}: ${page.count} ${sitesWord}`,
    description: `${page.count} live advertising ${sitesWord} in ${cityName}, ${page.city.state}${prices}: ${kinds}. See photos, sizes and free dates, and book online.`,
    canonical: page.url,
    jsonLd: cityPageJsonLd(page, heading),
    // The first card's photo is the largest paint on a phone: preloaded, and its card asks for it first.
    preloadImage: page.sites[0]?.images[0] ? encodeURI(page.sites[0].images[0]) : undefined,
  };
}

function CityPageView({ page, others }: { page: CityPageData; others: ReturnType<typeof otherCities> }) {
  const { cityName, formatName, heading, sitesWord, description } = cityPageHead(page);

  const seeAll = `/products?${new URLSearchParams({
    search: cityName,
    ...(page.format ? { category: page.format.name } : {}),
  }).toString()}`;

  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 4, md: 6 } }}>
        <Container maxWidth="xl">
          <Breadcrumbs
            aria-label="Breadcrumb"
            sx={{
              mb: 2,
              color: 'inherit',
              '& a': { color: 'inherit' },
              '& .MuiBreadcrumbs-separator': { color: 'inherit' },
            }}
          >
            <Link component={RouterLink} to="/" underline="hover">
              Home
            </Link>
            {page.format ? (
              <Link component={RouterLink} to={cityPagePath(page.city.slug)} underline="hover">
                {cityName}
              </Link>
            ) : (
              <Typography color="inherit" aria-current="page">
                {cityName}
              </Typography>
            )}
            {formatName ? (
              <Typography color="inherit" aria-current="page">
                {formatName}
              </Typography>
            ) : null}
          </Breadcrumbs>
          <Typography variant="h3" component="h1" sx={{ mb: 1, fontSize: { xs: 30, sm: 40, md: 48 } }}>
            {heading}
          </Typography>
          <Typography sx={{ opacity: 0.95, maxWidth: 760 }}>{description}</Typography>
        </Container>
      </Box>
      <Container
        maxWidth="xl"
        sx={{ py: { xs: 3, md: 4 }, display: 'flex', flexDirection: 'column', gap: 5 }}
      >
        <nav aria-label={`Formats in ${cityName}`}>
          <Stack
            component="ul"
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
          >
            <li>
              <Chip
                component={RouterLink}
                to={cityPagePath(page.city.slug)}
                clickable
                color={page.format ? 'default' : 'primary'}
                aria-current={page.format ? undefined : 'page'}
                label={`All formats (${page.formats.reduce((n, f) => n + f.count, 0)})`}
                sx={{ minHeight: 36 }}
              />
            </li>
            {page.formats.map((f) => (
              <li key={f.slug}>
                <Chip
                  component={RouterLink}
                  to={cityPagePath(page.city.slug, f.slug)}
                  clickable
                  color={page.format?.slug === f.slug ? 'primary' : 'default'}
                  aria-current={page.format?.slug === f.slug ? 'page' : undefined}
                  label={`${formatLabel(f.name)} (${f.count})`}
                  sx={{ minHeight: 36 }}
                />
              </li>
            ))}
          </Stack>
        </nav>
        <section aria-labelledby="city-sites-heading">
          <Typography id="city-sites-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
            {page.sites.length < page.count
              ? `The first ${page.sites.length} of ${page.count} ${sitesWord}`
              : `All ${page.count} ${sitesWord}`}
          </Typography>
          <Grid container spacing={3}>
            {page.sites.map((site, index) => (
              <Grid key={site.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }} sx={CARD_CELL}>
                <ProductCard product={site} href={`/product/${site.id}`} priority={index === 0} />
              </Grid>
            ))}
          </Grid>
          {page.sites.length < page.count ? (
            <Box sx={{ mt: 3, textAlign: 'center' }}>
              <Button component={RouterLink} to={seeAll} variant="contained">
                See all {page.count} {sitesWord} in {cityName}
              </Button>
            </Box>
          ) : null}
        </section>
        <CityLinks
          cities={others}
          headingId="other-cities-heading"
          title={others.length > 0 && others[0].latitude !== null ? 'Nearby cities' : 'Other cities'}
        />
      </Container>
    </>
  );
}
