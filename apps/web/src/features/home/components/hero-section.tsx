import { KeyboardArrowDown } from '@mui/icons-material';
import { Box, Button, Container, IconButton, Stack, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { HeroBackdrop } from './hero-backdrop';

export const HEADLINE_WORDS = ['Transparent', 'Easy', 'Hassle-Free', 'Data Driven', 'Impactful'] as const;
const WORD_MS = 2500;

const rise = keyframes`
  from { opacity: 0; transform: translateY(0.4em); }
  to { opacity: 1; transform: translateY(0); }
`;
const bob = keyframes`
  0%, 100% { transform: translateY(0); }
  50% { transform: translateY(6px); }
`;

/**
 * The home hero (docs/product-spec.md section 2): a headline whose last word rotates through Transparent, Easy,
 * Hassle-Free, Data Driven and Impactful over a drawn city backdrop, and a scroll-down button.
 */
export function HeroSection({ scrollTargetId }: { scrollTargetId: string }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % HEADLINE_WORDS.length), WORD_MS);
    return () => window.clearInterval(timer);
  }, []);

  const scrollDown = () => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    document.getElementById(scrollTargetId)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <Box
      component="section"
      aria-labelledby="hero-heading"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        color: '#fff',
        bgcolor: '#050d26',
        minHeight: { xs: 600, md: 'max(640px, min(100svh, 860px))' },
        display: 'flex',
        alignItems: 'center',
      }}
    >
      <HeroBackdrop />
      {/* On narrow screens the text covers the drawing, so it is dimmed further to keep the text readable. */}
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          background: {
            xs: 'linear-gradient(180deg, rgba(5,13,38,0.55) 0%, rgba(5,13,38,0.75) 60%, rgba(5,13,38,0.35) 100%)',
            md: 'none',
          },
        }}
      />
      <Container maxWidth="xl" sx={{ position: 'relative', pt: { xs: 12, md: 10 }, pb: { xs: 14, md: 12 } }}>
        <Box sx={{ maxWidth: 720 }}>
          <Typography
            variant="overline"
            component="p"
            sx={{ color: '#ffd7a8', fontWeight: 700, letterSpacing: '0.14em', fontSize: { xs: 12, md: 14 } }}
          >
            Outdoor advertising across India
          </Typography>
          <Typography
            id="hero-heading"
            variant="h1"
            sx={{ fontSize: { xs: 38, sm: 52, md: 64 }, lineHeight: 1.08, letterSpacing: '-0.02em', mt: 1 }}
          >
            Billboard booking made{' '}
            <Box
              component="span"
              key={index}
              aria-hidden
              sx={{
                display: 'inline-block',
                color: '#ffb547',
                animation: `${rise} 450ms ease-out`,
                '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
              }}
            >
              {HEADLINE_WORDS[index]}
            </Box>
            <Box component="span" sx={visuallyHidden}>
              transparent, easy, hassle-free, data driven and impactful
            </Box>
          </Typography>
          <Typography
            sx={{ mt: 3, fontSize: { xs: 17, md: 20 }, color: 'rgba(255,255,255,0.88)', maxWidth: 600 }}
          >
            Find lamp posts, hoardings, bridges and digital screens in your city, see their real availability
            and impressions, and book them online in minutes.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
            <Button component={RouterLink} to="/campaigns" variant="contained" color="secondary" size="large">
              Explore Campaigns
            </Button>
            <Button
              component={RouterLink}
              to="/customize"
              variant="outlined"
              size="large"
              sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.7)', '&:hover': { borderColor: '#fff' } }}
            >
              Build Your Own Campaign
            </Button>
          </Stack>
        </Box>
      </Container>
      <IconButton
        onClick={scrollDown}
        aria-label="Scroll down"
        sx={{
          position: 'absolute',
          left: '50%',
          bottom: { xs: 20, md: 28 },
          ml: '-26px',
          width: 52,
          height: 52,
          color: '#fff',
          border: '2px solid rgba(255,255,255,0.7)',
          bgcolor: 'rgba(5,13,38,0.35)',
          '&:hover': { bgcolor: 'rgba(5,13,38,0.6)' },
          animation: `${bob} 1.8s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        <KeyboardArrowDown fontSize="large" />
      </IconButton>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  // Strings: in sx a bare 1 means 100%, a hidden box as wide as its container plus padding.
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
