import { useEffect } from 'react';

/**
 * Unsaved changes are never dropped without asking (issue 22): a link clicked in the app, Back or Forward,
 * and closing or reloading the tab all ask first while any form that uses `useUnsavedChanges(true)` is dirty.
 *
 * React Router's `useBlocker` (available since the framework-mode move, decision 043) allows one blocker
 * at a time, and a screen can hold several guarded forms at once (a page's form and a dialog's); it also
 * leaves closing the tab to `beforeunload`. So the guard stays our own, one for all forms. While it is active:
 * - clicks on same-origin links are caught in the capture phase, before the router's own handler;
 * - `popstate` is caught on window in the capture phase by a listener registered before the router's; a refusal
 *   hides the event from the router and steps the browser back to where it was (`idx` is the router's
 *   own history index in `history.state`);
 * - `beforeunload` asks the browser's own question on reload and close.
 * Programmatic navigations from menus call `leaveAllowed()` first.
 */

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

const active = new Set<symbol>();
/** The router's history index when the guard went on; a refused Back steps back to it. */
let guardedIdx: number | null = null;
/** The popstate that our own history.go() causes after a refusal: hidden from the router too. */
let restoring = false;

const historyIdx = (): number | null => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

/** True when nothing is unsaved, or the person agrees to lose it. Call before a programmatic navigate(). */
export function leaveAllowed(): boolean {
  if (active.size === 0) return true;
  return window.confirm(UNSAVED_CHANGES_MESSAGE);
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers ask only when returnValue is set.
  event.returnValue = '';
}

function onClick(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a new tab or window
  const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor || anchor.hasAttribute('download')) return;
  if (anchor.target && anchor.target !== '_self') return;
  const url = new URL(anchor.href, window.location.href);
  // Another site unloads this page: beforeunload asks then.
  if (url.origin !== window.location.origin) return;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return;
  if (!leaveAllowed()) {
    event.preventDefault();
    event.stopPropagation();
  }
}

function onPopState(event: PopStateEvent) {
  if (restoring) {
    restoring = false;
    event.stopImmediatePropagation();
    return;
  }
  if (active.size === 0) return;
  if (window.confirm(UNSAVED_CHANGES_MESSAGE)) return;
  event.stopImmediatePropagation();
  const to = (event.state as { idx?: unknown } | null)?.idx;
  const delta = guardedIdx !== null && typeof to === 'number' ? guardedIdx - to : 1;
  if (delta !== 0) {
    restoring = true;
    window.history.go(delta);
  }
}

function install() {
  guardedIdx = historyIdx();
  window.addEventListener('beforeunload', onBeforeUnload);
  document.addEventListener('click', onClick, true);
}

function uninstall() {
  window.removeEventListener('beforeunload', onBeforeUnload);
  document.removeEventListener('click', onClick, true);
}

// The popstate listener is on from the start, registered when this module loads (the layout's header
// imports it, before the router mounts): React re-renders synchronously inside the router's own popstate
// listener, which would unmount the form and remove a listener added later before it ever ran.
if (typeof window !== 'undefined') window.addEventListener('popstate', onPopState, true);

/** While `dirty`, leaving the page (link, Back, reload, close) asks first. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const id = Symbol('unsaved');
    if (active.size === 0) install();
    active.add(id);
    return () => {
      active.delete(id);
      if (active.size === 0) uninstall();
    };
  }, [dirty]);
}
