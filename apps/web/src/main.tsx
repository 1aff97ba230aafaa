import './app/fonts.css';
import './lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { readServerData, ServerDataProvider } from './lib/server-data';

const container = document.getElementById('root')!;
// Same tree as src/entry-prerender.tsx, so hydration finds what the server rendered.
const app = (
  <StrictMode>
    <ServerDataProvider value={readServerData()}>
      <Providers>
        <AppRouter />
      </Providers>
    </ServerDataProvider>
  </StrictMode>
);
// As a transition the first render is time-sliced: React yields to the browser every few milliseconds
// instead of holding the main thread for the whole page (long tasks are what a slow phone feels).
// The server sends most pages prerendered (build/prerender.ts): those are hydrated, not drawn again.
startTransition(() => {
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
