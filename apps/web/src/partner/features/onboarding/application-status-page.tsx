import { HourglassTop } from '@mui/icons-material';
import { Alert, Box, Chip, Container, Link, Paper, Typography } from '@mui/material';
import { formatDateIst, type MediaOwner, type MediaOwnerStatus } from '@ooh/shared';
import { useCompanyDetails } from '../../../app/layout/company-details';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { useAuth } from '../../../lib/auth/auth-context';
import { usePartnerMeQuery } from '../../api/partner-me';

/**
 * /partner while the application is pending or after it was rejected. The API allows one application per
 * user (a second answers 409), so a rejected applicant is pointed to support rather than to the form.
 */
export default function ApplicationStatusPage({ status }: { status: Exclude<MediaOwnerStatus, 'approved'> }) {
  const COMPANY = useCompanyDetails();
  const pending = status === 'pending';
  const { currentUser } = useAuth();
  const me = usePartnerMeQuery(currentUser?.phone_number, true);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {pending ? 'Your application is under review' : 'Your application was not approved'}
      </Typography>
      {pending ? (
        <Alert severity="info" icon={<HourglassTop />} sx={{ mb: 3 }}>
          Thank you for applying. We review applications within 2 working days; this page shows the decision
          as soon as it is made. Once approved you can add your sites here.
        </Alert>
      ) : (
        <Alert severity="warning" sx={{ mb: 3 }}>
          <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
            Reason: {me.data?.rejection_reason ?? '…'}
          </Box>
          To correct your details and have the application looked at again, write to{' '}
          <Link href={`mailto:${COMPANY.email}`} color="inherit">
            {COMPANY.email}
          </Link>{' '}
          or call{' '}
          <Link href={COMPANY.phoneHref} color="inherit">
            {COMPANY.phone}
          </Link>{' '}
          ({COMPANY.hours}).
        </Alert>
      )}
      {me.isPending ? (
        <PageLoader />
      ) : me.isError ? (
        <LoadError onRetry={() => void me.refetch()}>
          We could not load your application. Please try again.
        </LoadError>
      ) : (
        <ApplicationSummary owner={me.data} />
      )}
    </Container>
  );
}

function ApplicationSummary({ owner }: { owner: MediaOwner }) {
  const rows: Array<[string, string | undefined]> = [
    ['Company', owner.company_name],
    ['GSTIN', owner.gstin],
    ['PAN', owner.pan],
    [
      'Address',
      [owner.address_line_1, owner.address_line_2, owner.city, owner.state, owner.pin]
        .filter(Boolean)
        .join(', '),
    ],
    ['Contact', `${owner.contact_name}, ${owner.contact_phone}, ${owner.contact_email}`],
    ['IFSC', owner.ifsc],
    ['Bank account', owner.bank_account_masked],
    ['Applied on', formatDateIst(owner.created_at)],
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          Your application
        </Typography>
        <Chip
          size="small"
          label={owner.status === 'pending' ? 'Pending review' : 'Not approved'}
          sx={{
            fontWeight: 600,
            ...(owner.status === 'pending'
              ? { bgcolor: '#e3ecfa', color: '#0b3d91' }
              : { bgcolor: '#fff1dc', color: '#7a4100' }),
          }}
        />
      </Box>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2 }}
      >
        {rows
          .flatMap(([label, value]) => (value === undefined ? [] : [[label, value] as const]))
          .map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography
                component="dt"
                variant="body2"
                color="text.secondary"
                sx={{ mt: { xs: 1.5, sm: 1 } }}
              >
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, mt: { sm: 1 }, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
      </Box>
    </Paper>
  );
}
