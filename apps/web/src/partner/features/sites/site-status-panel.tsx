import { Pause, PlayArrow, Send } from '@mui/icons-material';
import { Alert, AlertTitle, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { type PartnerSite, SITE_CATEGORIES } from '@ooh/shared';
import { useState } from 'react';
import { type SiteAction, useSiteStatusMutation } from '../../api/sites';
import { SITE_STATUS_LABELS, SiteStatusChip } from '../../components/site-status';

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  address: 'Address',
  city: 'City',
  district: 'District',
  state: 'State',
  pin_code: 'PIN code',
  latitude: 'Latitude',
  longitude: 'Longitude',
  category: 'Category',
};

/** The owner's moves from each status (POST /api/partner/sites/{id}/status). */
export function actionsFor(status: PartnerSite['status']): Array<{ action: SiteAction; label: string }> {
  switch (status) {
    case 'draft':
      return [{ action: 'submit', label: 'Submit for review' }];
    case 'rejected':
      return [{ action: 'submit', label: 'Send again for review' }];
    case 'live':
      return [{ action: 'pause', label: 'Pause' }];
    case 'paused':
      return [{ action: 'resume', label: 'Resume' }];
    default:
      return [];
  }
}

const ICONS: Record<SiteAction, React.ReactNode> = {
  submit: <Send />,
  pause: <Pause />,
  resume: <PlayArrow />,
};

/** Pending changes as "Name: new value" lines; a value that is not text is shown as JSON. */
export function pendingChangeLines(changes: Record<string, unknown> | null): string[] {
  if (!changes) return [];
  return Object.entries(changes)
    .filter(([key]) => key !== 'photos')
    .map(([key, value]) => {
      const label = FIELD_LABELS[key] ?? key;
      const shown =
        key === 'category'
          ? (SITE_CATEGORIES.find((c) => c.slug === value)?.name ?? String(value))
          : typeof value === 'string' || typeof value === 'number'
            ? String(value)
            : JSON.stringify(value);
      return `${label}: ${shown}`;
    });
}

/** The site's status, what it means, its reason or waiting changes, and the move the owner can make. */
/** `readOnly`: the status and its hint, no actions (a field member, a suspended owner). */
export function SiteStatusPanel({ site, readOnly = false }: { site: PartnerSite; readOnly?: boolean }) {
  const status = useSiteStatusMutation(site.id);
  const [error, setError] = useState<string | null>(null);
  const pending = pendingChangeLines(site.pending_changes);
  const run = async (action: SiteAction) => {
    setError(null);
    try {
      await status.mutateAsync(action);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'We could not change the status. Please try again.');
    }
  };
  const noPhotos = site.photos.filter((p) => p.status !== 'removed').length === 0;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          Status
        </Typography>
        <SiteStatusChip status={site.status} size="medium" />
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 200px' }}>
          {SITE_STATUS_LABELS[site.status].hint}
        </Typography>
        {(readOnly ? [] : actionsFor(site.status)).map(({ action, label }) => (
          <Button
            key={action}
            variant={action === 'submit' ? 'contained' : 'outlined'}
            onClick={() => void run(action)}
            disabled={status.isPending}
            startIcon={
              status.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : ICONS[action]
            }
          >
            {label}
          </Button>
        ))}
      </Box>
      {site.status === 'draft' && noPhotos ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Tip: add photos before you submit; buyers book sites they can see.
        </Typography>
      ) : null}
      {site.status === 'rejected' && site.rejection_reason ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          <AlertTitle>Why it was rejected</AlertTitle>
          {site.rejection_reason}
          <Box sx={{ mt: 1 }}>Correct the site below, save, then send it again for review.</Box>
        </Alert>
      ) : null}
      {pending.length ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          <AlertTitle>Changes waiting for review</AlertTitle>
          Buyers see the current details until we approve these:
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {pending.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {error}
        </Alert>
      ) : null}
    </Paper>
  );
}
