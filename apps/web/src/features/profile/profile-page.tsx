import { Container, Typography } from '@mui/material';
import type { User } from '@ooh/shared';
import { useCallback, useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageLoader } from '../../components/page-loader';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { signInPath } from '../../lib/auth/redirect-target';
import { useKeptSession } from '../../lib/auth/use-kept-session';
import { useUserQuery } from '../../lib/user/get-user';
import { ProfileForm } from './components/profile-form';
import { SessionsList } from './components/sessions-list';
import { YourDataSection } from './components/your-data-section';

/** docs/product-spec.md section 8: a 401 or no token on the profile page goes here. */
const SIGN_IN = signInPath('/profile');

/**
 * The user the server rendered the profile with (routes/profile.tsx; the sessions come in its loader's
 * dehydrated cache). The user's query is keyed by the phone number only this browser's session storage
 * knows, so the server cannot name its key.
 */
export interface RenderedProfile {
  user?: User;
}

/** /profile (docs/product-spec.md section 2): loads the user with GET /auth/user/ and shows the three tabs. */
export default function ProfilePage({ rendered }: { rendered?: RenderedProfile }) {
  const { logout } = useAuth();
  const session = useKeptSession();
  const navigate = useNavigate();
  const query = useUserQuery(session.phone, session.signedIn, rendered?.user);

  const onUnauthorized = useCallback(() => {
    void logout();
    navigate(SIGN_IN, { replace: true });
  }, [logout, navigate]);

  const unauthorized = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (unauthorized) onUnauthorized();
  }, [unauthorized, onUnauthorized]);

  if (!session.signedIn) return <Navigate to={SIGN_IN} replace />;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Profile
      </Typography>
      {query.isPending || unauthorized ? (
        <PageLoader />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()}>
          We could not load your profile. Please try again.
        </LoadError>
      ) : (
        <>
          <ProfileForm user={query.data} />
          <SessionsList />
          <YourDataSection />
        </>
      )}
    </Container>
  );
}
