import { Facebook, Instagram, LinkedIn } from '@mui/icons-material';
import { Box, Container, Grid, Link, Stack, Typography } from '@mui/material';
import { cityPagePath, FEATURED_CITIES } from '@ooh/shared';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from './brand-logo';
import { useCompanyDetails } from './company-details';

type FooterItem = string | { label: string; to: string };

/**
 * docs/product-spec.md section 2, with the city pages (docs/product-rules.md section 12): Outdoor Media links to the largest cities' pages
 * (links every page carries, so search engines find them); besides the two legal pages the rest is plain text.
 */
const COLUMNS: Array<{ title: string; items: FooterItem[] }> = [
  {
    title: 'Outdoor Media',
    items: FEATURED_CITIES.map((c) => ({ label: `Advertising in ${c.name}`, to: cityPagePath(c.slug) })),
  },
  {
    title: 'Our Company',
    items: [
      'About Us',
      'Our Blog',
      'Contact Us',
      { label: 'Terms and Conditions', to: '/terms-and-conditions' },
      { label: 'Privacy Policy', to: '/privacy-policy' },
    ],
  },
  { title: 'Need Help', items: ['How to Book', 'Cancellation and Refund', 'Feedback', 'Track My Ad'] },
];

const muted = 'rgba(223,230,243,0.85)';
/** Two stacked links in running text: each gets a 24 px tall target, or a finger hits the other (WCAG 2.5.8). */
const contactLink = { color: '#fff', display: 'inline-block', py: 0.5 } as const;

export function Footer() {
  const COMPANY = useCompanyDetails();
  return (
    <Box
      component="footer"
      sx={{ bgcolor: '#0a1f44', color: '#dfe6f3', mt: { xs: 6, md: 10 }, pt: 6, pb: 3 }}
    >
      <Container maxWidth="xl">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <BrandLogo light />
            <Typography variant="body2" sx={{ mt: 2, color: muted, maxWidth: 340 }}>
              India's marketplace for outdoor advertising: lamp posts, hoardings, bridges, digital screens,
              transit and retail media, booked online.
            </Typography>
            <Typography variant="body2" component="address" sx={{ mt: 2, color: muted, fontStyle: 'normal' }}>
              {COMPANY.address}
              <br />
              <Link href={`mailto:${COMPANY.email}`} sx={contactLink}>
                {COMPANY.email}
              </Link>
              <br />
              <Link href={COMPANY.phoneHref} sx={contactLink}>
                {COMPANY.phone}
              </Link>
            </Typography>
          </Grid>
          {COLUMNS.map((col) => (
            <Grid key={col.title} size={{ xs: 6, sm: 3, md: 2 }}>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, color: '#fff', mb: 1.5 }}>
                {col.title}
              </Typography>
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {col.items.map((item) =>
                  typeof item === 'string' ? (
                    <Typography key={item} component="li" variant="body2" sx={{ color: muted }}>
                      {item}
                    </Typography>
                  ) : (
                    <Typography key={item.to} component="li" variant="body2">
                      <Link component={RouterLink} to={item.to} sx={{ color: '#ffd7a8' }}>
                        {item.label}
                      </Link>
                    </Typography>
                  ),
                )}
              </Stack>
            </Grid>
          ))}
          <Grid size={{ xs: 6, sm: 3, md: 2 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, color: '#fff', mb: 1.5 }}>
              Follow us
            </Typography>
            {/* Three icons without links, as the product spec shows them. */}
            <Stack direction="row" spacing={1.5}>
              <Facebook titleAccess="Facebook" />
              <Instagram titleAccess="Instagram" />
              <LinkedIn titleAccess="LinkedIn" />
            </Stack>
          </Grid>
        </Grid>
        <Typography
          variant="body2"
          sx={{ mt: 5, pt: 3, borderTop: '1px solid rgba(255,255,255,0.15)', color: 'rgba(223,230,243,0.8)' }}
        >
          © {new Date().getFullYear()} {COMPANY.legalName}. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
