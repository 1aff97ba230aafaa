import { Typography } from '@mui/material';

/**
 * A site's description as its owner wrote it: paragraphs (split at blank lines) stay paragraphs and single
 * line breaks stay line breaks (issue 45: a multi-line description ran into one paragraph).
 */
export function SiteDescription({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div data-testid="product-description">
      {paragraphs.map((p, i) => (
        <Typography
          // Paragraphs have no identity of their own beyond their place in the text.
          // biome-ignore lint/suspicious/noArrayIndexKey: the text's paragraphs in order
          key={i}
          color="text.secondary"
          sx={{ whiteSpace: 'pre-line', '& + &': { mt: 1 } }}
        >
          {p}
        </Typography>
      ))}
    </div>
  );
}
