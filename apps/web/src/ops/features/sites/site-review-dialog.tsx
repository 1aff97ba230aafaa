import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { formatAudience, type OpsSite } from '@ooh/shared';
import { lazy, Suspense, useState } from 'react';
import { DetailList } from '../../components/detail-list';
import { RejectDialog } from '../../components/reject-dialog';
import { ReviewDialogActions } from '../../components/review-dialog-actions';
import { formatInstant, humanize, rupees } from '../../lib/format';
import { errorText } from '../../lib/ops-api';
import { useDecideSite, useHoldSite, useMarkAudience, useOpsSite } from './api/ops-sites';

const ReviewMap = lazy(() => import('./review-map'));

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** A live site's waiting changes as before (what buyers see now) and after (what the owner asks for). */
function PendingChanges({ site }: { site: OpsSite }) {
  const changes = Object.entries(site.pending_changes ?? {});
  if (!changes.length) return null;
  const current = site as unknown as Record<string, unknown>;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        Changes waiting for review
      </Typography>
      <Table size="small" aria-label="Changes before and after">
        <TableHead>
          <TableRow>
            <TableCell scope="col">Field</TableCell>
            <TableCell scope="col">Before</TableCell>
            <TableCell scope="col">After</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map(([field, after]) => (
            <TableRow key={field}>
              <TableCell component="th" scope="row">
                {humanize(field)}
              </TableCell>
              <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                <del>{show(current[field])}</del>
              </TableCell>
              <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <ins style={{ textDecoration: 'none' }}>
                  {typeof after === 'object' ? JSON.stringify(after) : show(after)}
                </ins>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Photos({ site }: { site: OpsSite }) {
  const photos = site.photos.filter((p) => p.status !== 'removed');
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        Photos
      </Typography>
      {photos.length === 0 ? (
        <Typography color="text.secondary">No photos yet.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
          {photos.map((p, i) => (
            <Box key={p.id} component="figure" sx={{ m: 0, position: 'relative' }}>
              <Box
                component="img"
                src={p.url}
                alt={`${site.name}, photo ${i + 1}`}
                loading="lazy"
                sx={{
                  width: '100%',
                  aspectRatio: '4 / 3',
                  objectFit: 'cover',
                  borderRadius: 1,
                  display: 'block',
                }}
              />
              {p.status === 'pending' && (
                <Chip
                  label="New"
                  size="small"
                  sx={{
                    position: 'absolute',
                    top: 6,
                    left: 6,
                    bgcolor: 'background.paper',
                    color: 'text.primary',
                  }}
                />
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** One site under review: its facts, photos and waiting changes, with Approve and Reject. */
export function SiteReviewDialog({ siteId, onClose }: { siteId: number | null; onClose(): void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const site = useOpsSite(siteId);
  const decide = useDecideSite();
  const hold = useHoldSite();
  const audience = useMarkAudience();
  const [rejecting, setRejecting] = useState(false);
  const [holding, setHolding] = useState<'take-down' | 'restore' | null>(null);
  const close = () => {
    decide.reset();
    hold.reset();
    audience.reset();
    setRejecting(false);
    setHolding(null);
    onClose();
  };
  if (siteId === null) return null;
  // After a mark the refetched site is the truth; before it, what the last action answered.
  const s = audience.isSuccess
    ? (site.data?.data ?? audience.data.data)
    : (hold.data?.data ?? decide.data?.data ?? site.data?.data);
  const photoCount = s ? s.photos.filter((p) => p.status !== 'removed').length : 0;

  return (
    <>
      <Dialog
        open={!rejecting && !holding}
        onClose={close}
        fullWidth
        maxWidth="md"
        fullScreen={phone}
        aria-labelledby="site-title"
      >
        <DialogTitle id="site-title">{s ? `${s.name} (${s.product_id})` : 'Site'}</DialogTitle>
        {/* Focusable: the review (photos, map, details) scrolls; a keyboard user must reach all of it (axe scrollable-region-focusable). */}
        <DialogContent tabIndex={0} role="region" aria-label="Site under review">
          {site.isPending && <LinearProgress aria-label="Loading the site" />}
          {site.isError && <Alert severity="error">{errorText(site.error)}</Alert>}
          {decide.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(decide.error)}
            </Alert>
          )}
          {decide.isSuccess && (
            <Alert severity="success" sx={{ mb: 2 }}>
              Decision saved: the site is now {humanize(decide.data.data.status).toLowerCase()}.
            </Alert>
          )}
          {audience.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(audience.error)}
            </Alert>
          )}
          {hold.isSuccess && (
            <Alert severity="success" sx={{ mb: 2 }}>
              Saved: the site is now {humanize(hold.data.data.status).toLowerCase()}.
            </Alert>
          )}
          {s && s.status === 'pending' && photoCount === 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              This site has no photo yet; it cannot go live until the owner adds one.
            </Alert>
          )}
          {s && (
            <>
              <DetailList
                items={[
                  ['Status', humanize(s.status)],
                  ...(s.rejection_reason
                    ? ([['Rejected because', s.rejection_reason]] as Array<[string, string]>)
                    : []),
                  ...(s.hold_reason ? ([['Held because', s.hold_reason]] as Array<[string, string]>) : []),
                  [
                    'Media owner',
                    s.media_owner_name ?? (s.media_owner_id === null ? '—' : `#${s.media_owner_id}`),
                  ],
                  ['Category', humanize(s.category)],
                  ['Price a day', rupees(s.price)],
                  ['Minimum booking', `${s.booking_duration} days`],
                  ['Address', `${s.address}, ${s.city}, ${s.district}, ${s.state} ${s.pin_code}`],
                  ['Location', s.latitude === null ? '—' : `${s.latitude}, ${s.longitude}`],
                  ['Size', s.width_ft && s.height_ft ? `${s.width_ft} × ${s.height_ft} ft` : '—'],
                  ['Lighting', show(s.lighting)],
                  ['Audience', s.audience ? formatAudience(s.audience) : '—'],
                  ['How measured', show(s.audience?.method)],
                  ['Description', show(s.description)],
                  ['Updated', formatInstant(s.updated_at)],
                ]}
              />
              <Suspense fallback={<LinearProgress aria-label="Loading the map" sx={{ mt: 2 }} />}>
                <ReviewMap site={s} />
              </Suspense>
              <PendingChanges site={s} />
              <Photos site={s} />
            </>
          )}
        </DialogContent>
        <ReviewDialogActions>
          <Button onClick={close}>Close</Button>
          {s?.audience && (
            <Button
              variant="outlined"
              loading={audience.isPending}
              onClick={() => audience.mutate({ id: s.id, verified: !s.audience?.verified })}
            >
              {s.audience.verified ? 'Remove verified mark' : 'Mark audience verified'}
            </Button>
          )}
          {s && !hold.isSuccess && ['live', 'paused', 'taken_down'].includes(s.status) && (
            <Button
              color={s.status === 'taken_down' ? 'primary' : 'error'}
              variant="outlined"
              disabled={hold.isPending}
              onClick={() => setHolding(s.status === 'taken_down' ? 'restore' : 'take-down')}
            >
              {s.status === 'taken_down' ? 'Restore…' : 'Take down…'}
            </Button>
          )}
          {s && !decide.isSuccess && (s.status === 'pending' || s.pending_changes) && (
            <>
              <Button
                color="error"
                variant="outlined"
                onClick={() => setRejecting(true)}
                disabled={decide.isPending}
              >
                Reject…
              </Button>
              <Button
                variant="contained"
                loading={decide.isPending}
                onClick={() => decide.mutate({ id: s.id, decision: 'approve' })}
              >
                Approve
              </Button>
            </>
          )}
        </ReviewDialogActions>
      </Dialog>
      <RejectDialog
        open={holding !== null}
        title={`${holding === 'restore' ? 'Restore' : 'Take down'} ${s?.name ?? 'the site'}`}
        action={holding === 'restore' ? 'Restore' : 'Take down'}
        helper={
          holding === 'restore'
            ? 'Recorded in the audit log; the site returns to the status it had.'
            : "The owner's admins read this reason; paid bookings go on, and their buyers are told the site was taken down (not this reason)."
        }
        pending={hold.isPending}
        error={hold.isError ? errorText(hold.error) : null}
        onClose={() => {
          hold.reset();
          setHolding(null);
        }}
        onReject={(body) =>
          holding && hold.mutate({ id: siteId, action: holding, body }, { onSuccess: () => setHolding(null) })
        }
      />
      <RejectDialog
        open={rejecting}
        title={`Reject ${s?.name ?? 'the site'}`}
        pending={decide.isPending}
        error={decide.isError ? errorText(decide.error) : null}
        onClose={() => {
          decide.reset();
          setRejecting(false);
        }}
        onReject={(body) =>
          decide.mutate({ id: siteId, decision: 'reject', body }, { onSuccess: () => setRejecting(false) })
        }
      />
    </>
  );
}
