import { COMPANY_DEFAULTS, type Company } from '@ooh/shared';
import { hashKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiRequest } from '../api-client';

/*
 * The seller (GET /api/company: the API's COMPANY_* settings), the one identity every page shows
 * (docs/decisions/039-seller-identity.md). Until it arrives, in server-rendered pages and in unit tests,
 * the shared COMPANY_DEFAULTS stand in: the same values the API starts with. A tiny store rather than a
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

export function useCompany(): Company {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => COMPANY_DEFAULTS,
  );
}
