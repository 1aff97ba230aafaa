/**
 * Styles for a part of a page that is often below the first screen: the browser lays it out and paints it
 * only when it comes near the viewport (CSS `content-visibility: auto`), and counts it `height` px tall until
 * then. A server-rendered page arrives in pieces, and the browser laid out everything parsed so far after each
 * piece: on a slowed phone that was 50-200 ms a piece on the home page. The content stays in the document, so
 * search, find-in-page and screen readers still have it; `auto` keeps the size it was once drawn at, so the
 * scroll bar does not jump back (docs/decisions/062).
 */
export function drawWhenNear(height: number) {
  return { contentVisibility: 'auto', containIntrinsicSize: `auto ${height}px` } as const;
}

/** A product card's cell in a grid of results (the products and city pages): about a card's height. */
export const CARD_CELL = drawWhenNear(380);
