import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotifyProvider } from '../components/notify';
import { SignInAgainHost } from '../components/sign-in-again-host';
import { ApiError } from '../lib/api-client';
import { AuthProvider } from '../lib/auth/auth-context';
import { theme } from './theme';

export const queryClient = new QueryClient({
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

/** `client`: the server renders each request with a cache of its own; the browser has the one above. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <AuthProvider>
          <NotifyProvider>
            {children}
            <SignInAgainHost />
          </NotifyProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
