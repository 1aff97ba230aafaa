import { Box } from '@mui/material';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { signInPath } from '../../lib/auth/redirect-target';
import { UnsavedChangesGuard } from '../../lib/use-unsaved-changes';
import { Footer } from './footer';
import { Header } from './header';

/** Out of sight until focused, then drawn over the header's corner. */
const SKIP_LINK = {
  position: 'absolute',
  left: 8,
  top: -48,
  zIndex: 'tooltip',
  px: 2,
  py: 1,
  bgcolor: 'background.paper',
  color: 'primary.main',
  fontWeight: 600,
  borderRadius: 1,
  boxShadow: 3,
  '&:focus': { top: 8 },
} as const;

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
      {/* The first thing a keyboard reaches: past the header's links to the page itself. A plain link, so it
          works before the app has started too. */}
      <Box component="a" href="#main" sx={SKIP_LINK}>
        Skip to content
      </Box>
      <UnsavedChangesGuard />
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so pages that fill in as their code and
          data arrive never push it down in view (that shift was most of the layout-shift score). */}
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minHeight: '100vh', outline: 'none' }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
