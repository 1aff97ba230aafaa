import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import { COUNTRY_PREFIX, PRODUCT_NAME } from '@ooh/shared';
import { useState } from 'react';
import { useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router';
import { BrandLogo } from '../../app/layout/brand-logo';
import { OtpLoginForm } from '../../components/otp-login-form';
import { useAuth } from '../../lib/auth/auth-context';
import { redirectTarget } from '../../lib/auth/redirect-target';
import backdrop from './assets/sign-in-backdrop.svg';

/** /verify-mobile: phone sign-in (docs/product-spec.md section 2, Sign-in screen). */
export default function VerifyMobilePage() {
  const { isAuthenticated, currentUser, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  // Signed in already (another tab, a bookmark): the session is kept unless they choose another number
  // (docs/decisions/042; the product spec's screen signed out on opening, which now would end every tab's session).
  const [switching, setSwitching] = useState(false);
  const signedInAs = isAuthenticated && !switching;

  const onSignedIn = () => {
    if (redirect !== null) {
      navigate(redirectTarget(redirect), { replace: true });
      return;
    }
    // Back one step in history, to the page that linked here. Only an entry this app pushed has an app page
    // behind it: a first page (opened directly, React Router's "default" key) or one that replaced its own
    // address (a query tidied on arrival changes the key too) may have another site or a blank tab behind it.
    if (location.key !== 'default' && navigationType === 'PUSH') navigate(-1);
    else navigate('/', { replace: true });
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper
        variant="outlined"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' },
          overflow: 'hidden',
          minHeight: { md: 520 },
        }}
      >
        <Box
          sx={{
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            justifyContent: 'space-between',
            p: 4,
            color: '#fff',
            backgroundImage: `linear-gradient(180deg, rgba(6,31,77,0.55) 0%, rgba(6,31,77,0) 45%), url(${backdrop})`,
            backgroundSize: 'cover',
            backgroundPosition: 'center bottom',
          }}
        >
          <BrandLogo light />
          <Typography
            sx={{ fontSize: 20, fontWeight: 700, maxWidth: 320, textShadow: '0 1px 3px rgba(0,0,0,0.6)' }}
          >
            Book hoardings, lamp posts, bridges and digital screens across India.
          </Typography>
        </Box>
        <Box sx={{ p: { xs: 3, sm: 5 }, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
          <Box sx={{ width: '100%', maxWidth: 420, mx: 'auto' }}>
            <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
              Login to{' '}
              <Box component="span" sx={{ color: 'primary.main' }}>
                {PRODUCT_NAME}
              </Box>
            </Typography>
            {signedInAs ? (
              <Stack spacing={2} sx={{ mt: 2 }}>
                <Typography>
                  You are signed in
                  {currentUser?.phone_number
                    ? ` as ${COUNTRY_PREFIX} ${currentUser.phone_number.slice(0, 5)} ${currentUser.phone_number.slice(5)}`
                    : ''}
                  .
                </Typography>
                <Button variant="contained" onClick={onSignedIn}>
                  Continue
                </Button>
                <Button
                  variant="outlined"
                  onClick={() => {
                    setSwitching(true);
                    void logout();
                  }}
                >
                  Sign in with another number
                </Button>
              </Stack>
            ) : (
              <>
                <Typography color="text.secondary" sx={{ mb: 3 }}>
                  Please enter your phone number to login
                </Typography>
                <OtpLoginForm onSignedIn={onSignedIn} />
              </>
            )}
          </Box>
        </Box>
      </Paper>
    </Container>
  );
}
