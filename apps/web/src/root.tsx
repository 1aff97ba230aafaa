import './app/fonts.css';
import './lib/zod-without-eval';
import interFont from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { useContext } from 'react';
import { Links, type LinksFunction, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { Providers } from './app/providers';
import { LoadError } from './components/load-error';
import { NonceContext } from './lib/nonce';
import { pageMeta } from './lib/page-meta';
import { HOME_TITLE } from './lib/page-title';

/** The one font file the first paint uses, fetched with the HTML rather than once the CSS is parsed. */
export const links: LinksFunction = () => [
  { rel: 'preload', as: 'font', type: 'font/woff2', crossOrigin: 'anonymous', href: interFont },
  { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' },
];

export const meta = () => pageMeta(HOME_TITLE);

/**
 * A List/Map page opened on its map (?view=map) keeps the map's room from the first paint, before React reads
 * the address (components/sites-map/map-slot.tsx).
 */
const MAP_VIEW_SCRIPT =
  "if(/[?&]view=map(&|$)/.test(location.search))document.documentElement.setAttribute('data-view','map')";

/** The document around every page; the server renders it whole, the browser hydrates it. */
export function Layout({ children }: { children: React.ReactNode }) {
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
    <Providers>
      <Outlet />
    </Providers>
  );
}

/** An error no page handled (a bug): said plainly, with a way to try again. */
export function ErrorBoundary() {
  return (
    <Providers>
      <LoadError onRetry={() => window.location.reload()}>Something went wrong showing this page.</LoadError>
    </Providers>
  );
}
