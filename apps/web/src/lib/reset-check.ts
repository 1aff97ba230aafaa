/**
 * The header's Customize Campaign button, pressed on /customize, asks the customize page to run its reset
 * check (docs/product-spec.md section 2). A window event keeps the header free of the page's state.
 */
export const RESET_CHECK_EVENT = 'ooh:reset-campaign-check';

export function requestResetCheck(): void {
  window.dispatchEvent(new Event(RESET_CHECK_EVENT));
}
