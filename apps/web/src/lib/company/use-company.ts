import { COMPANY_DEFAULTS, type Company } from '@ooh/shared';
import { hashKey } from '@tanstack/react-query';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { apiRequest } from '../api-client';

/*
 * The seller (GET /api/company: the API's COMPANY_* settings), the one identity every page shows
 * (docs/decisions/039-seller-identity.md). Pages get it from the root loader (CompanyContext); without one,
 * until it arrives (unit tests), the shared COMPANY_DEFAULTS stand in: the same values the API starts with. A tiny store rather than a
 * query: the footer renders outside any query provider in some tests and on the server.
 */
let current: Company = COMPANY_DEFAULTS;
let requested = false;
const listeners = new Set<() => void>();

function load() {
  if (requested || typeof window === 'undefined' || import.meta.env.MODE === 'test') return;
  requested = true;
  apiRequest<Company>('/company')
    .then((company) => {
      // The same details as those rendered (the usual case) change nothing: no page renders again for them.
      if (hashKey([company]) === hashKey([current])) return;
      current = company;
      for (const listener of listeners) listener();
    })
    .catch(() => {
      // The defaults stay; the next page load asks again.
      requested = false;
    });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // In a task of its own: subscribing happens in the commit that ends hydration, whose long task each
  // request's start made longer (the details usually equal the defaults the page was rendered with).
  setTimeout(load, 0);
  return () => listeners.delete(listener);
}

/**
 * The seller the server rendered the page with (root.tsx's loader asks GET /api/company): the server's HTML
 * names it, and the browser hydrates with the same, so nothing waits for scripts (issue 45). Null where no
 * loader ran (unit tests, a page whose API did not answer): the store below asks from the browser.
 */
export const CompanyContext = createContext<Company | null>(null);

const noSubscription = () => () => {};

export function useCompany(): Company {
  const rendered = useContext(CompanyContext);
  const loaded = useSyncExternalStore(
    rendered ? noSubscription : subscribe,
    () => current,
    () => COMPANY_DEFAULTS,
  );
  return rendered ?? loaded;
}
