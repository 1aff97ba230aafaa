import { createContext } from 'react';

/**
 * The Content-Security-Policy nonce of the page being rendered on the server (the API makes one per answer,
 * apps/api/src/plugins/web-app.ts): the framework's inline scripts carry it. Undefined in the browser, where
 * those scripts have already run.
 */
export const NonceContext = createContext<string | undefined>(undefined);
