import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Unsaved changes are never dropped without asking (issue 22): a move in the app (a link, Back or Forward, a
 * menu's navigate) and closing or reloading the tab all ask first while any form that uses
 * `useUnsavedChanges(true)` is dirty.
 *
 * React Router's `useBlocker` allows one blocker at a time and a screen can hold several guarded forms at
 * once (a page's form and a dialog's), so there is one blocker, `UnsavedChangesGuard` in the layout, that
 * asks while any form is dirty; closing or reloading the tab is the browser's own `beforeunload` question
 * (docs/decisions/068-the-standard-path.md).
 */

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

const active = new Set<symbol>();
/** A move the person already agreed to (leaveAllowed() said yes): the blocker lets it through once. */
let agreed = false;

/**
 * True when nothing is unsaved, or the person agrees to lose it. For a menu that does more than move
 * (signing out); the move that follows is not asked about again.
 */
export function leaveAllowed(): boolean {
  if (active.size === 0) return true;
  const ok = window.confirm(UNSAVED_CHANGES_MESSAGE);
  if (ok) {
    agreed = true;
    // The move follows in the same task, or there was none: the pass is not kept for a later move.
    setTimeout(() => {
      agreed = false;
    });
  }
  return ok;
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers ask only when returnValue is set.
  event.returnValue = '';
}

/** The app's one blocker (app/layout/app-layout.tsx): asks before a move while any form is dirty. */
export function UnsavedChangesGuard(): null {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (active.size === 0) return false;
    if (agreed) {
      agreed = false;
      return false;
    }
    return (
      currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search
    );
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  return null;
}

/** Whether any form holds unsaved changes now (read while rendering: lib/auth/use-kept-session.ts). */
export const hasUnsavedChanges = (): boolean => active.size > 0;

/** While `dirty`, leaving the page (link, Back, reload, close) asks first. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const id = Symbol('unsaved');
    if (active.size === 0) window.addEventListener('beforeunload', onBeforeUnload);
    active.add(id);
    return () => {
      active.delete(id);
      if (active.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}
