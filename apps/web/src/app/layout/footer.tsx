import { Facebook, Instagram, LinkedIn } from '@mui/icons-material';
import { Box, Container, Grid, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from './brand-logo';
import { COMPANY } from './company-details';

const COLUMNS: Array<{ title: string; items: Array<string | { label: string; to: string }> }> = [
  {
    title: 'Outdoor Media',
    items: ['Billboard Advertising', 'Lamp Post Advertising', 'Bridge Advertising', 'Transit Advertising', 'Retail Advertising'],
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

export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: '#0a1f44', color: '#dfe6f3', mt: 8, pt: 6, pb: 3 }}>
      <Container maxWidth="xl">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 3 }}>
            <BrandLogo light />
            <Typography variant="body2" sx={{ mt: 2, opacity: 0.85 }}>
              {COMPANY.address}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1, opacity: 0.85 }}>
              {COMPANY.email} · {COMPANY.phone}
            </Typography>
          </Grid>
          {COLUMNS.map((col) => (
            <Grid key={col.title} size={{ xs: 6, sm: 4, md: 2 }}>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, color: '#fff', mb: 1.5 }}>
                {col.title}
              </Typography>
              <Stack spacing={1}>
                {col.items.map((item) =>
                  typeof item === 'string' ? (
                    <Typography key={item} variant="body2" sx={{ opacity: 0.85 }}>
                      {item}
                    </Typography>
                  ) : (
                    <Link key={item.to} component={RouterLink} to={item.to} variant="body2" sx={{ color: '#ffd7a8' }}>
                      {item.label}
                    </Link>
                  ),
                )}
              </Stack>
            </Grid>
          ))}
          <Grid size={{ xs: 6, sm: 4, md: 3 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, color: '#fff', mb: 1.5 }}>
              Follow us
            </Typography>
            <Stack direction="row" spacing={1.5} aria-label="Social media">
              <Facebook aria-label="Facebook" />
              <Instagram aria-label="Instagram" />
              <LinkedIn aria-label="LinkedIn" />
            </Stack>
          </Grid>
        </Grid>
        <Typography variant="body2" sx={{ mt: 5, pt: 3, borderTop: '1px solid rgba(255,255,255,0.15)', opacity: 0.8 }}>
          © {new Date().getFullYear()} {COMPANY.legalName}. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
