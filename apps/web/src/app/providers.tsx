import { CssBaseline, ThemeProvider } from '@mui/material';
import type { Company } from '@ooh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { NotifyProvider } from '../components/notify';
import { SignInAgainHost } from '../components/sign-in-again-host';
import { ApiError } from '../lib/api-client';
import { AuthProvider } from '../lib/auth/auth-context';
import { CompanyContext } from '../lib/company/use-company';
import { theme } from './theme';

const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });

/** The browser's one cache; the server renders each request with a cache of its own. */
export const queryClient = newQueryClient();

/** `signedInOnServer`: whether the page's request carried the signed-in hint (root.tsx's loader). */
export function Providers({
  children,
  signedInOnServer,
  company = null,
}: {
  children: ReactNode;
  signedInOnServer?: boolean;
  /** The seller the server rendered the page with (root.tsx's loader), or null. */
  company?: Company | null;
}) {
  // A cache per server render: answers of one request never show up in another's page.
  const [client] = useState(() => (typeof window === 'undefined' ? newQueryClient() : queryClient));
  return (
    <CompanyContext.Provider value={company}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={client}>
          <AuthProvider signedInOnServer={signedInOnServer}>
            <NotifyProvider>
              {children}
              <SignInAgainHost />
            </NotifyProvider>
          </AuthProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </CompanyContext.Provider>
  );
}
