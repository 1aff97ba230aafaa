import { ChevronLeft, ChevronRight, FormatQuote, Star } from '@mui/icons-material';
import { Avatar, Box, Card, CardContent, IconButton, Stack, Typography, useMediaQuery } from '@mui/material';
import { useState } from 'react';

interface Testimonial {
  name: string;
  role: string;
  quote: string;
}

/** The two static testimonials of the product page (SPEC section 2). */
const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Priya Sharma',
    role: 'Marketing Head, a Pune bakery chain',
    quote:
      'We booked lamp posts along two busy roads in a single evening. The dates, the prices and the availability were all clear before we paid, and the campaign went live exactly on time.',
  },
  {
    name: 'Arjun Mehta',
    role: 'Founder, a Bengaluru fitness studio',
    quote:
      'Building our own campaign from sites across the city was easy. Seeing every location with its photo and dimensions helped us pick the right spots for our launch.',
  },
];

/** Two per view from 1024 px up, one below (SPEC section 9). No auto-play: nothing moves unless asked. */
export function Testimonials() {
  const wide = useMediaQuery('(min-width:1024px)');
  const perView = wide ? 2 : 1;
  const pages = Math.ceil(TESTIMONIALS.length / perView);
  const [page, setPage] = useState(0);
  const current = Math.min(page, pages - 1);
  const visible = TESTIMONIALS.slice(current * perView, current * perView + perView);

  return (
    <Box component="section" aria-labelledby="testimonials-heading" aria-roledescription="carousel">
      <Typography id="testimonials-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        What our customers say
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {pages > 1 ? (
          <IconButton
            aria-label="Previous testimonial"
            onClick={() => setPage((current - 1 + pages) % pages)}
          >
            <ChevronLeft />
          </IconButton>
        ) : null}
        <Box
          sx={{ flexGrow: 1, display: 'grid', gridTemplateColumns: `repeat(${perView}, 1fr)`, gap: 2 }}
          aria-live="polite"
        >
          {visible.map((t) => (
            <Card key={t.name} aria-roledescription="slide" component="figure" sx={{ m: 0, height: '100%' }}>
              <CardContent>
                <FormatQuote color="secondary" aria-hidden />
                <Box
                  role="img"
                  aria-label="Rated 5 out of 5"
                  sx={{ display: 'flex', color: '#b45309', mb: 1 }}
                >
                  {[0, 1, 2, 3, 4].map((i) => (
                    <Star key={i} fontSize="small" aria-hidden />
                  ))}
                </Box>
                <Typography component="blockquote" sx={{ m: 0, mb: 2 }}>
                  {t.quote}
                </Typography>
                <Stack component="figcaption" direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Avatar sx={{ bgcolor: 'primary.main' }} aria-hidden>
                    {t.name[0]}
                  </Avatar>
                  <Box>
                    <Typography sx={{ fontWeight: 700 }}>{t.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t.role}
                    </Typography>
                  </Box>
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Box>
        {pages > 1 ? (
          <IconButton aria-label="Next testimonial" onClick={() => setPage((current + 1) % pages)}>
            <ChevronRight />
          </IconButton>
        ) : null}
      </Stack>
      {pages > 1 ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'center' }}>
          {Array.from({ length: pages }, (_, i) => (
            <Box
              key={TESTIMONIALS[i * perView].name}
              component="button"
              type="button"
              aria-label={`Show testimonial ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => setPage(i)}
              sx={{
                width: 24,
                height: 24,
                p: 0,
                border: 0,
                bgcolor: 'transparent',
                cursor: 'pointer',
                display: 'grid',
                placeItems: 'center',
                '&::after': {
                  content: '""',
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: i === current ? 'primary.main' : 'grey.500',
                },
              }}
            />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
