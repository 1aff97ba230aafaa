import { Box, Container, Grid, Link, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useCompanyDetails } from '../../../app/layout/company-details';

export const LAST_UPDATED = 'February 15, 2022';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A static legal page: title, last-updated date, contents (beside the text on wide screens), contact. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 4, md: 6 } }}>
        <Container maxWidth="lg">
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 30, sm: 40, md: 48 } }}>
            {title}
          </Typography>
          <Typography sx={{ mt: 1, opacity: 0.9 }}>Last updated {LAST_UPDATED}</Typography>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Grid container spacing={{ xs: 3, md: 6 }}>
          <Grid size={{ xs: 12, md: 3 }} sx={{ display: { xs: 'none', md: 'block' } }}>
            <Box component="nav" aria-label="Contents" sx={{ position: 'sticky', top: 96 }}>
              <Typography variant="overline" component="p" color="text.secondary">
                Contents
              </Typography>
              <Stack component="ol" spacing={1} sx={{ m: 0, pl: 2.5 }}>
                {sections.map((s) => (
                  <Typography key={s.id} component="li" variant="body2">
                    <Link href={`#${s.id}`} underline="hover">
                      {s.title}
                    </Link>
                  </Typography>
                ))}
              </Stack>
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>
            <Box
              component="article"
              sx={{
                '& p, & li': { color: 'text.primary', lineHeight: 1.75 },
                '& ul': { pl: 3, my: 1 },
                '& section': { scrollMarginTop: 96, mb: 4 },
              }}
            >
              <Typography component="div" sx={{ mb: 4, fontSize: 17 }}>
                {intro}
              </Typography>
              {sections.map((s, i) => (
                <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
                  <Typography id={`${s.id}-title`} variant="h5" component="h2" sx={{ mb: 1.5 }}>
                    {i + 1}. {s.title}
                  </Typography>
                  <Typography component="div">{s.body}</Typography>
                </section>
              ))}
              <CompanyContact />
            </Box>
          </Grid>
        </Grid>
      </Container>
    </>
  );
}

/** The static contact details and company address (docs/product-spec.md section 2). */
export function CompanyContact() {
  const COMPANY = useCompanyDetails();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="legal-contact-title" sx={{ p: 3, mt: 2 }}>
      <Typography id="legal-contact-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Contact us
      </Typography>
      <Typography>{COMPANY.legalName}</Typography>
      <Typography>{COMPANY.address}</Typography>
      <Typography>
        Phone: <Link href={COMPANY.phoneHref}>{COMPANY.phone}</Link> ({COMPANY.hours})
      </Typography>
      <Typography>
        Email: <Link href={`mailto:${COMPANY.email}`}>{COMPANY.email}</Link>
      </Typography>
    </Paper>
  );
}
