/**
 * Text as HTML or XML (element content or a quoted attribute): its markup characters escaped, so a place
 * name, a setting or a title is always read as text. One rule for the server's pages, SVGs, sitemaps and
 * the web app's Leaflet strings.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
