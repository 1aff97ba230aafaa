import './app/fonts.css';
import './lib/zod-without-eval';
import interFont from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import type { Company } from '@ooh/shared';
import { useContext } from 'react';
import {
  Links,
  type LinksFunction,
  type LoaderFunctionArgs,
  Meta,
  type MetaFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from 'react-router';
import { Providers } from './app/providers';
import { LoadError } from './components/load-error';
import { LoaderQueriesBoundary } from './components/loader-queries-boundary';
import { NonceContext } from './lib/nonce';
import { pageMeta } from './lib/page-meta';
import { HOME_TITLE } from './lib/page-title';
import { apiAnswer } from './lib/server-api';
import { hasSessionHint } from './lib/session';
import { HydrationProvider } from './lib/use-hydrated';

/** The one font file the first paint uses, fetched with the HTML rather than once the CSS is parsed. */
export const links: LinksFunction = () => [
  { rel: 'preload', as: 'font', type: 'font/woff2', crossOrigin: 'anonymous', href: interFont },
  // A PNG: Chromium draws an SVG icon as a document of its own on the page's main thread (decision 061).
  { rel: 'icon', type: 'image/png', sizes: '64x64', href: '/favicon.png' },
];

export const meta: MetaFunction = (args) => pageMeta(HOME_TITLE, args);

/**
 * Whether the request carried the signed-in hint (docs/decisions/042): the server renders signed-in pages
 * signed in, and the browser hydrates them the same way (app/providers.tsx). And the seller from the API's
 * settings (GET /api/company), so the footer, the legal pages and the home page name it in the server's
 * HTML, not only after scripts run (issue 45); null when the API did not answer (the defaults stand in).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const company = await apiAnswer<Company>(context, request, '/api/company').catch(() => null);
  return {
    signedIn: hasSessionHint(request.headers.get('cookie')),
    company: company?.status === 200 ? company.body : null,
    // The public origin for canonical links and Open Graph URLs (lib/page-meta.ts): PUBLIC_URL when set.
    origin: context?.publicUrl ?? new URL(request.url).origin,
  };
}

// Read once, for the first render: afterwards the browser follows the cookie itself (lib/auth/auth-context.tsx),
// so a navigation never asks the server again.
export const shouldRevalidate = () => false;

/** The root loader's answer, wherever the root renders (the error boundary included). */
const useSignedInOnServer = () => useRouteLoaderData<typeof loader>('root')?.signedIn ?? false;
const useRenderedCompany = () => useRouteLoaderData<typeof loader>('root')?.company ?? null;

/**
 * A List/Map page opened on its map (?view=map) keeps the map's room from the first paint, before React reads
 * the address (components/sites-map/map-slot.tsx).
 */
const MAP_VIEW_SCRIPT =
  "if(/[?&]view=map(&|$)/.test(location.search))document.documentElement.setAttribute('data-view','map')";

/** The document around every page; the server renders it whole, the browser hydrates it. */
export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <HydrationProvider>
      <Document>{children}</Document>
    </HydrationProvider>
  );
}

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useContext(NonceContext);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="theme-color" content="#0b3d91" />
        {/* The browser hides a nonce once parsed: the attribute never matches on hydration, by design. The
          script is this module's constant, never data. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, allowed by the page's nonce
          dangerouslySetInnerHTML={{ __html: MAP_VIEW_SCRIPT }}
        />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <Providers signedInOnServer={useSignedInOnServer()} company={useRenderedCompany()}>
      {/* The loaders' queries (lib/loader-queries.ts), hydrated into the page's cache. */}
      <LoaderQueriesBoundary>
        <Outlet />
      </LoaderQueriesBoundary>
    </Providers>
  );
}

/** An error no page handled (a bug): said plainly, with a way to try again. */
export function ErrorBoundary() {
  return (
    <Providers signedInOnServer={useSignedInOnServer()} company={useRenderedCompany()}>
      <LoadError onRetry={() => window.location.reload()}>Something went wrong showing this page.</LoadError>
    </Providers>
  );
}
