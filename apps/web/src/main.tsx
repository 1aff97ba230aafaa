import './app/fonts.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';

const root = createRoot(document.getElementById('root')!);
// As a transition the first render is time-sliced: React yields to the browser every few milliseconds
// instead of holding the main thread for the whole page (long tasks are what a slow phone feels).
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
});
