import { PhotoLibrary } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { SitePhotoMatch } from '@ooh/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { sitesKey } from '../../api/sites';
import { classify, type MatchedFile, type MatchState, sniffFiles } from './photos/bulk-photo-match';
import { uploadPhoto } from './photos/upload-queue';

const STATE_LABEL: Record<MatchState, { label: string; color: 'success' | 'warning' | 'error' }> = {
  matched: { label: 'Matched', color: 'success' },
  unknown_code: { label: 'Unknown code', color: 'warning' },
  wrong_type: { label: 'Wrong type', color: 'error' },
  too_big: { label: 'Too big', color: 'error' },
  site_full: { label: 'Site full', color: 'warning' },
};

type Sent = 'waiting' | 'sending' | 'done' | 'failed';

/**
 * Many photos at once (issue 22), each matched to a site by its file name: "MUM-0042.jpg" and
 * "MUM-0042-2.jpg" go to the site coded MUM-0042. The table shows what matched, what names no code of
 * the owner's and what is no photo (by its first bytes); the matched ones upload one by one with progress,
 * and the report says what went where. The server checks each file again.
 */
export function BulkPhotosDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<MatchedFile[]>([]);
  const [sent, setSent] = useState<Array<{ state: Sent; progress: number; error?: string }>>([]);
  const [phase, setPhase] = useState<'pick' | 'matching' | 'ready' | 'uploading' | 'finished'>('pick');
  const [error, setError] = useState<string | null>(null);
  useUnsavedChanges(open && (phase === 'ready' || phase === 'uploading'));

  const reset = () => {
    setRows([]);
    setSent([]);
    setPhase('pick');
    setError(null);
  };
  const close = () => {
    if (phase === 'uploading') return;
    reset();
    onClose();
  };

  const pick = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (!files.length) return;
    setError(null);
    setPhase('matching');
    try {
      const [types, matches] = await Promise.all([
        sniffFiles(files),
        apiRequest<{ data: SitePhotoMatch[] }>('/partner/sites/photo-match', {
          method: 'POST',
          body: { file_names: files.map((f) => f.name) },
        }),
      ]);
      const classified = classify(files, matches.data, types);
      setRows(classified);
      setSent(classified.map(() => ({ state: 'waiting', progress: 0 })));
      setPhase('ready');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'We could not match these photos. Please try again.');
      setPhase('pick');
    }
  };

  const upload = async () => {
    setPhase('uploading');
    const update = (i: number, next: Partial<(typeof sent)[number]>) =>
      setSent((all) => all.map((s, k) => (k === i ? { ...s, ...next } : s)));
    for (const [i, row] of rows.entries()) {
      if (row.state !== 'matched' || row.match.site_id === null) continue;
      update(i, { state: 'sending' });
      try {
        await uploadPhoto(row.match.site_id, row.file, (progress) => update(i, { progress }));
        update(i, { state: 'done', progress: 100 });
      } catch (err) {
        update(i, { state: 'failed', error: err instanceof Error ? err.message : 'The upload failed' });
      }
    }
    void queryClient.invalidateQueries({ queryKey: sitesKey });
    setPhase('finished');
  };

  const matched = rows.filter((r) => r.state === 'matched').length;
  const done = sent.filter((s) => s.state === 'done').length;
  const failed = sent.filter((s) => s.state === 'failed').length;
  const sites = new Set(rows.filter((_row, i) => sent[i]?.state === 'done').map((r) => r.match.site_id)).size;
  const overall = matched ? Math.round(((done + failed) / matched) * 100) : 0;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="bulk-photos-title">
      <DialogTitle id="bulk-photos-title">Upload photos to many sites</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Name each photo by its site code: <code>MUM-0042.jpg</code>, then <code>MUM-0042-2.jpg</code> for a
          second one. JPEG, PNG or WebP. New photos are checked by our team before buyers see them.
        </DialogContentText>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          hidden
          onChange={(e) => {
            void pick(e.target.files);
            e.target.value = '';
          }}
        />
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {phase === 'pick' || phase === 'matching' ? (
          <Button
            variant="outlined"
            startIcon={<PhotoLibrary />}
            disabled={phase === 'matching'}
            onClick={() => input.current?.click()}
          >
            {phase === 'matching' ? 'Matching…' : 'Choose photos'}
          </Button>
        ) : (
          <>
            <Typography sx={{ mb: 1 }} aria-live="polite">
              {phase === 'finished'
                ? `${done} of ${matched} photos uploaded to ${sites} ${sites === 1 ? 'site' : 'sites'}${failed ? `; ${failed} failed` : ''}. ${rows.length - matched} not sent.`
                : `${matched} of ${rows.length} photos match a site.`}
            </Typography>
            {phase === 'uploading' || phase === 'finished' ? (
              <LinearProgress
                variant="determinate"
                value={overall}
                aria-label="Upload progress"
                sx={{ mb: 2 }}
              />
            ) : null}
            <TableContainer sx={{ maxHeight: 420 }}>
              <Table size="small" stickyHeader aria-label="Photos and their sites">
                <TableHead>
                  <TableRow>
                    <TableCell>File</TableCell>
                    <TableCell>Site</TableCell>
                    <TableCell>Match</TableCell>
                    <TableCell>Upload</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r, i) => (
                    <TableRow key={r.id}>
                      <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 220 }}>{r.file.name}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        {r.match.site_code ? `${r.match.site_code} · ${r.match.site_name}` : '—'}
                      </TableCell>
                      <TableCell>
                        <Chip size="small" variant="outlined" {...STATE_LABEL[r.state]} />
                        {r.note ? (
                          <Typography variant="caption" component="div" color="text.secondary">
                            {r.note}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell sx={{ minWidth: 120 }}>
                        <UploadCell state={sent[i]} matched={r.state === 'matched'} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {phase === 'finished' ? (
          <Button onClick={reset}>Upload more</Button>
        ) : (
          <Button onClick={close} disabled={phase === 'uploading'}>
            Cancel
          </Button>
        )}
        {phase === 'finished' ? (
          <Button variant="contained" onClick={close}>
            Done
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={phase !== 'ready' || matched === 0}
            onClick={() => void upload()}
          >
            {phase === 'uploading' ? 'Uploading…' : `Upload ${matched} ${matched === 1 ? 'photo' : 'photos'}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function UploadCell({
  state,
  matched,
}: {
  state?: { state: Sent; progress: number; error?: string };
  matched: boolean;
}) {
  if (!matched || !state) return <Typography variant="body2">Not sent</Typography>;
  if (state.state === 'sending')
    return <LinearProgress variant="determinate" value={state.progress} aria-label="Uploading" />;
  if (state.state === 'done')
    return (
      <Typography variant="body2" color="success.main">
        Uploaded
      </Typography>
    );
  if (state.state === 'failed')
    return (
      <Typography variant="body2" color="error">
        {state.error}
      </Typography>
    );
  return (
    <Box component="span" sx={{ color: 'text.secondary', typography: 'body2' }}>
      Waiting
    </Box>
  );
}
