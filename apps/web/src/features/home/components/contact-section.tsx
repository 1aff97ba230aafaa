import { AccessTimeOutlined, EmailOutlined, PhoneOutlined, PlaceOutlined } from '@mui/icons-material';
import { Box, Grid, Link, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useCompanyDetails } from '../../../app/layout/company-details';
import { ContactForm } from './contact-form';

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ color: '#ffb547', mt: '2px' }} aria-hidden>
        {icon}
      </Box>
      <Box>
        <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.75)' }}>
          {label}
        </Typography>
        <Typography sx={{ color: '#fff' }}>{children}</Typography>
      </Box>
    </Stack>
  );
}

/** The contact section: the company's static details beside the contact form. */
export function ContactSection() {
  const COMPANY = useCompanyDetails();
  return (
    <Box component="section" aria-labelledby="contact-heading" id="contact">
      <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 3 }}>
        <Grid container>
          <Grid
            size={{ xs: 12, md: 5 }}
            sx={{
              p: { xs: 3, md: 5 },
              color: '#fff',
              background: 'linear-gradient(150deg, #0b3d91 0%, #0a1f44 70%)',
            }}
          >
            <Typography id="contact-heading" variant="h4" component="h2" sx={{ mb: 1.5 }}>
              Get in touch
            </Typography>
            <Typography sx={{ color: 'rgba(255,255,255,0.85)', mb: 4 }}>
              Planning a launch or a festive push? Tell us your cities, dates and budget and our media
              planners will put together a plan for you.
            </Typography>
            <Stack spacing={3}>
              <Detail icon={<PlaceOutlined />} label="Office">
                {COMPANY.legalName}
                <br />
                {COMPANY.address}
              </Detail>
              <Detail icon={<PhoneOutlined />} label="Phone">
                <Link href={COMPANY.phoneHref} sx={{ color: '#fff' }}>
                  {COMPANY.phone}
                </Link>
              </Detail>
              <Detail icon={<EmailOutlined />} label="Email">
                <Link href={`mailto:${COMPANY.email}`} sx={{ color: '#fff' }}>
                  {COMPANY.email}
                </Link>
              </Detail>
              <Detail icon={<AccessTimeOutlined />} label="Hours">
                {COMPANY.hours}
              </Detail>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }} sx={{ p: { xs: 3, md: 5 } }}>
            <Typography variant="h5" component="h3" sx={{ mb: 0.5 }}>
              Send us a message
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              All fields are required. We usually reply within one working day.
            </Typography>
            {/* In the server's page, so it can be seen and typed in before the scripts run (issue 44); its
                fields keep what was typed through hydration (contact-form.tsx). It was once loaded as the
                section came near and drawn only after hydration: a Skeleton until then. */}
            <ContactForm />
          </Grid>
        </Grid>
      </Paper>
    </Box>
  );
}
