import { Box } from '@mui/material';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { signInPath } from '../../lib/auth/redirect-target';
import { Footer } from './footer';
import { Header } from './header';

/** The layout route of every page (routes.ts): header, the page, footer. */
export default function AppLayout() {
  const navigate = useNavigate();
  // Any backend 401 goes to /verify-mobile without reloading the app (docs/product-spec.md section 8).
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const here = window.location.pathname + window.location.search;
      navigate(signInPath(here));
    });
  }, [navigate]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so pages that fill in as their code and
          data arrive never push it down in view (that shift was most of the layout-shift score). */}
      <Box component="main" sx={{ flexGrow: 1, minHeight: '100vh' }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
