import { Box, Link, Typography } from '@mui/material';
import { CONSENT_NOTICE, type ConsentNoticeText } from '@ooh/shared';

function NoticeText({ text, lang }: { text: ConsentNoticeText; lang: 'en' | 'hi' }) {
  return (
    <Box lang={lang}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {text.title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
        {text.points.map((point) => (
          <Typography key={point} component="li" variant="body2" color="text.secondary">
            {point}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {text.agreement}{' '}
        {/* A plain link: the form also sits in dialogs outside any route (sign in again). */}
        <Link href="/privacy-policy" target="_blank" rel="noopener">
          {text.privacyLink}
        </Link>
      </Typography>
    </Box>
  );
}

/**
 * The consent notice, read before the first code is asked for (legal/consent-notice.ts; DPDP Rules 2025
 * rule 3). English first, Hindi one tap away in a native <details>, which opens before any script runs.
 */
export function ConsentNotice() {
  return (
    <Box
      component="section"
      aria-label="Consent notice"
      sx={{ mt: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
    >
      <NoticeText text={CONSENT_NOTICE.en} lang="en" />
      <Box component="details" sx={{ mt: 1 }}>
        <Typography component="summary" variant="body2" sx={{ cursor: 'pointer', color: 'primary.main' }}>
          <span lang="hi">हिन्दी में पढ़ें</span> (Read in Hindi)
        </Typography>
        <Box sx={{ mt: 1 }}>
          <NoticeText text={CONSENT_NOTICE.hi} lang="hi" />
        </Box>
      </Box>
    </Box>
  );
}
