import { Box, Container } from '@mui/material';
import { memo } from 'react';
import { drawWhenNear } from '../../lib/draw-when-near';
import { useProductPage } from '../../lib/products/list-products';
import { useNearViewport } from '../../lib/use-near-viewport';
import { BrowseByCity } from './components/browse-by-city';
import { ContactSection } from './components/contact-section';
import { CustomizeSection } from './components/customize-section';
import { HeroSection } from './components/hero-section';
import { ProductCarousel } from './components/product-carousel';
import { RecommendedCampaigns } from './components/recommended-campaigns';
import { SectionHeading } from './components/section-heading';
import { SitesYouMayLike } from './components/sites-you-may-like';

/** Sites the carousel shows: the catalogue's first page of this size (routes/home.tsx asks the same). */
export const POPULAR_SITES = 10;
/** The popular sites' page of the catalogue: the home route's loader puts it in the HTML (routes/home.tsx). */
export const POPULAR_QUERY = { page: 1, page_size: POPULAR_SITES };

// The page renders again if the popular sites are asked for in the browser (a move inside the app): the
// other sections (no props that change) skip it.
const Hero = memo(HeroSection);
/** The sections under the carousel, in order; each is drawn as it comes near the screen (lib/draw-when-near.ts). */
const LOWER_SECTIONS = [
  ['recommended', memo(RecommendedCampaigns)],
  ['customize', memo(CustomizeSection)],
  ['sites-liked', memo(SitesYouMayLike)],
  ['cities', memo(BrowseByCity)],
  ['contact', memo(ContactSection)],
] as const;
const BELOW_THE_FOLD = drawWhenNear(720);

/** The home page (docs/product-spec.md section 2), top to bottom. The header floats transparent over the hero. */
export default function HomePage() {
  const featured = useProductPage(POPULAR_QUERY);
  // Every section below the hero draws its cards as it comes near the screen (useNearViewport).
  const popular = useNearViewport<HTMLElement>();
  return (
    <>
      <Hero scrollTargetId="home-content" />
      <Container
        maxWidth="xl"
        id="home-content"
        sx={{
          scrollMarginTop: 64,
          display: 'flex',
          flexDirection: 'column',
          gap: { xs: 7, md: 10 },
          pt: { xs: 6, md: 8 },
        }}
      >
        <section aria-labelledby="popular-heading" ref={popular.ref}>
          <SectionHeading
            id="popular-heading"
            title="Popular Sites"
            subtitle="Sites from the catalogue, each with its daily price and expected impressions."
            viewAll={{ to: '/products', label: 'Browse all sites', ariaLabel: 'Browse all sites' }}
          />
          <ProductCarousel
            products={featured.data?.payload.results ?? []}
            loading={featured.isPending}
            active={popular.near}
          />
        </section>
        {LOWER_SECTIONS.map(([key, Section]) => (
          <Box key={key} sx={BELOW_THE_FOLD}>
            <Section />
          </Box>
        ))}
      </Container>
    </>
  );
}
