import {
  ChevronLeft,
  ChevronRight,
  Pause,
  PlaceOutlined,
  PlayArrow,
  VisibilityOutlined,
} from '@mui/icons-material';
import { Box, Button, Card, CardContent, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import type { Product } from '@ooh/shared';
import { formatAudience } from '@ooh/shared';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { afterNextPaint } from '../../../lib/after-next-paint';

/** docs/product-spec.md section 9: auto-play every 4 s, a 500 ms transition, an endless loop. */
export const CAROUSEL_DELAY_MS = 4000;
/**
 * Embla's duration is a physics constant, not milliseconds: at 20 a slide reaches 99% of its travel in
 * about 480 ms (its scroll body runs at 60 steps per second with friction 0.68), which is the 500 ms asked.
 */
const EMBLA_DURATION = 20;

/**
 * Slides in view (docs/product-spec.md section 9, the card carousel): 5 from 1024 px, 3 from 464 px, 1 below (with the
 * next one peeking, so it reads as a row that moves). The product spec's breakpoints, not the theme's.
 */
const SLIDE_WIDTH = {
  flex: '0 0 88%',
  '@media (min-width: 464px)': { flex: '0 0 33.333%' },
  '@media (min-width: 1024px)': { flex: '0 0 20%' },
} as const;

/**
 * Embla starts (measures every slide, then moves them) once the carousel comes near the screen (`active`), and
 * then only after the browser's next paint, when the page's layout is already done. It is started by
 * `reInit`, not by a prop: a render of the carousel would make the layout dirty again right before Embla
 * measures it (a 100-290 ms task on a slowed phone, either way). Until then the slides sit in their row as
 * Embla would place them, so nothing moves when it starts; pointing at or focusing the carousel starts it at
 * once.
 */
const EMBLA_OPTIONS = { loop: true, align: 'start', duration: EMBLA_DURATION, active: false } as const;

/**
 * The home page's auto-playing site carousel: image, name, location and impressions, and Book Now. Pauses
 * while hovered or focused, and has its own pause button (WCAG 2.2.2).
 */
export function ProductCarousel({
  products,
  loading,
  active = true,
}: {
  products: Product[];
  loading: boolean;
  active?: boolean;
}) {
  const [autoplay] = useState(() =>
    Autoplay({
      delay: CAROUSEL_DELAY_MS,
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      stopOnFocusIn: true,
    }),
  );
  const [setViewport, embla] = useEmblaCarousel(EMBLA_OPTIONS, [autoplay]);
  // Embla's ref is a state setter. Called as React attaches refs in the hydrating commit, it was an urgent
  // update: React rendered the carousel again and ran the page's effects inside that commit, Embla's
  // first measure among them, on a layout the hydration had just made dirty (a 430 ms task on a slowed
  // phone). As a transition it renders after the browser has painted the hydrated page.
  const viewportRef = useCallback(
    (node: HTMLElement | null) => startTransition(() => setViewport(node)),
    [setViewport],
  );
  const [playing, setPlaying] = useState(true);
  const playingRef = useRef(playing);
  playingRef.current = playing;
  // The Embla instance that was started (a new viewport makes a new, inactive one).
  const startedApi = useRef<typeof embla>(undefined);

  const start = useCallback(() => {
    if (!embla || startedApi.current === embla) return;
    startedApi.current = embla;
    embla.reInit({ active: true });
    // The plugin plays from Embla's start; a pause asked for before (or reduced motion) holds it.
    if (!playingRef.current) autoplay.stop();
  }, [embla, autoplay]);

  useEffect(() => (active && embla ? afterNextPaint(start) : undefined), [active, embla, start]);

  // Nobody who asked for reduced motion gets a moving carousel.
  useEffect(() => {
    if (!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    setPlaying(false);
    autoplay.stop();
  }, [autoplay]);

  const togglePlay = useCallback(() => {
    const next = !playingRef.current;
    setPlaying(next);
    if (!embla || startedApi.current !== embla) {
      playingRef.current = next;
      start();
    } else if (next) autoplay.play();
    else autoplay.stop();
  }, [embla, autoplay, start]);

  if (loading) {
    return (
      <Box sx={{ display: 'flex', overflow: 'hidden', ml: -3, pt: 6.5 }}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Box key={i} sx={{ ...SLIDE_WIDTH, minWidth: 0, pl: 3 }}>
            <Skeleton variant="rounded" height={360} />
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label="Popular sites"
      sx={{ position: 'relative' }}
      onPointerEnter={start}
      onFocus={start}
    >
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mb: 1.5 }}>
        <IconButton onClick={togglePlay} aria-label={playing ? 'Pause the carousel' : 'Play the carousel'}>
          {playing ? <Pause /> : <PlayArrow />}
        </IconButton>
        <IconButton onClick={() => embla?.scrollPrev()} aria-label="Previous sites">
          <ChevronLeft />
        </IconButton>
        <IconButton onClick={() => embla?.scrollNext()} aria-label="Next sites">
          <ChevronRight />
        </IconButton>
      </Stack>
      <Box ref={viewportRef} sx={{ overflow: 'hidden' }}>
        <Box sx={{ display: 'flex', touchAction: 'pan-y pinch-zoom', ml: -3 }}>
          {products.map((product, i) => (
            <Box
              key={product.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${products.length}`}
              sx={{ ...SLIDE_WIDTH, minWidth: 0, pl: 3 }}
            >
              <CarouselCard product={product} />
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}

function CarouselCard({ product }: { product: Product }) {
  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="img"
        src={product.images[0] || '/media/placeholder.svg'}
        alt=""
        loading="lazy"
        draggable={false}
        sx={{
          width: '100%',
          aspectRatio: '4 / 3',
          objectFit: 'cover',
          display: 'block',
          bgcolor: 'grey.200',
        }}
      />
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {product.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="site-code" sx={{ mt: -0.75 }}>
          Site code {product.product_id}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <PlaceOutlined fontSize="small" aria-hidden />
          <Typography variant="body2">
            {product.city}, {product.state}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <VisibilityOutlined fontSize="small" aria-hidden />
          <Typography variant="body2">
            {product.audience?.daily_impressions
              ? formatAudience(product.audience)
              : 'Impressions on request'}
          </Typography>
        </Stack>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          component={RouterLink}
          to={`/product/${product.id}`}
          variant="contained"
          aria-label={`Book Now: ${product.name}`}
        >
          Book Now
        </Button>
      </CardContent>
    </Card>
  );
}
