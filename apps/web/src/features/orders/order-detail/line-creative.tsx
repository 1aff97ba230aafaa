import { CloudUploadOutlined, PictureAsPdfOutlined } from '@mui/icons-material';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import {
  CREATIVE_MAX_BYTES,
  CREATIVE_TYPES,
  type Creative,
  formatDay,
  type OrderLineDetail,
} from '@ooh/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { apiDownload } from '../../../lib/api-download';
import { usePrivateFileUrl } from '../../../lib/private-file';
import { useEarlyFiles } from '../../../lib/use-early-files';
import { orderQueryKey } from '../api/get-order';
import { uploadCreative } from '../api/upload-creative';
import { formatBytes, formatIstTime } from './order-format';

const CREATIVE_STATUS: Record<Creative['status'], { label: string; color: 'default' | 'success' | 'error' }> =
  {
    submitted: { label: 'Waiting for review', color: 'default' },
    approved: { label: 'Creative approved', color: 'success' },
    rejected: { label: 'Creative rejected', color: 'error' },
  };

/** The upload's bar loads with the first upload: it was 2 KB of the order page's first load (decision 058). */
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

/** What the browser may offer in the file chooser; the server checks the content anyway. */
const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

/** A problem with the chosen file found before uploading it, or null. */
function fileProblem(file: File): string | null {
  if (file.size === 0) return 'The file is empty; choose another.';
  if (file.size > CREATIVE_MAX_BYTES) return `The file is ${formatBytes(file.size)}; the limit is 50 MB.`;
  if (file.type && !(CREATIVE_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG, PNG or WebP image, or a PDF.';
  }
  return null;
}

function CreativePreview({ creative, siteName }: { creative: Creative; siteName: string }) {
  const isImage = creative.content_type.startsWith('image/');
  const { src, failed } = usePrivateFileUrl(isImage ? creative.url : null);
  const [downloadError, setDownloadError] = useState(false);
  if (!isImage) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <PictureAsPdfOutlined color="error" aria-hidden />
        <Button
          size="small"
          variant="text"
          onClick={() =>
            void apiDownload(creative.url, creative.file_name).catch(() => setDownloadError(true))
          }
        >
          Download {creative.file_name}
        </Button>
        {downloadError ? (
          <Typography variant="body2" color="error">
            The file could not be downloaded; try again.
          </Typography>
        ) : null}
      </Stack>
    );
  }
  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: 320,
        aspectRatio: '16 / 9',
        bgcolor: 'grey.100',
        borderRadius: 1,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt={`Artwork for ${siteName}`}
          sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
        />
      ) : (
        <Typography variant="caption" color="text.secondary">
          {failed ? 'Preview not available' : 'Loading preview…'}
        </Typography>
      )}
    </Box>
  );
}

/**
 * A line's artwork (docs/product-rules.md section 9): its status, preview, the aspect-ratio warning and the owner's
 * reason for a rejection; the upload (with progress) while the line allows it, until the due date.
 */
export function LineCreative({ orderId, line }: { orderId: number; line: OrderLineDetail }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const creative = line.creative;
  const uploading = progress !== null;

  const fileField = useRef<HTMLInputElement>(null);
  const take = (field: HTMLInputElement) => {
    const file = field.files?.[0];
    field.value = '';
    void onFile(file);
  };
  useEarlyFiles(fileField, take);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setWarning(null);
    const problem = fileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    controller.current = new AbortController();
    setProgress(0);
    try {
      const uploaded = await uploadCreative(orderId, line.id, file, setProgress, controller.current.signal);
      setWarning(uploaded.aspect_warning);
      await queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
    } catch (err) {
      if ((err as Error).name !== 'AbortError') {
        setError(err instanceof ApiError ? err.message : 'The upload failed; try again.');
      }
    } finally {
      setProgress(null);
      controller.current = null;
    }
  };

  const status = creative ? CREATIVE_STATUS[creative.status] : null;
  return (
    <Box
      component="section"
      aria-labelledby={`creative-${line.id}-title`}
      data-testid={`creative-${line.id}`}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography
          id={`creative-${line.id}-title`}
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 600 }}
        >
          Artwork
        </Typography>
        {status ? (
          <Chip size="small" label={status.label} color={status.color} data-testid="creative-status" />
        ) : (
          <Chip size="small" label="Not uploaded yet" variant="outlined" data-testid="creative-status" />
        )}
      </Stack>
      {line.status !== 'cancelled' && line.status !== 'completed' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Due by {formatDay(line.creative_due_date)} (3 days before the start). Image (JPEG, PNG, WebP) or
          PDF, up to 50 MB.
        </Typography>
      ) : null}

      {creative ? (
        <Stack spacing={1} sx={{ mb: 1.5 }}>
          <CreativePreview creative={creative} siteName={line.product.name} />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {creative.file_name} · {formatBytes(creative.size_bytes)}
            {creative.width && creative.height ? ` · ${creative.width} × ${creative.height}` : ''} · uploaded{' '}
            {formatIstTime(creative.uploaded_at)}
          </Typography>
          {creative.status === 'rejected' && creative.rejection_reason ? (
            <Alert severity="error" data-testid="creative-rejection">
              Rejected by the media owner: {creative.rejection_reason}
            </Alert>
          ) : null}
          {creative.aspect_warning ? (
            <Alert severity="warning" data-testid="creative-aspect-warning">
              {creative.aspect_warning}
            </Alert>
          ) : null}
        </Stack>
      ) : null}

      {warning && !creative?.aspect_warning ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {warning}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mb: 1 }} role="alert">
          {error}
        </Alert>
      ) : null}

      {uploading ? (
        <Box sx={{ maxWidth: 360 }}>
          <Typography variant="body2" id={`${inputId}-progress`}>
            Uploading… {Math.round((progress ?? 0) * 100)} %
          </Typography>
          <Suspense fallback={<Box sx={{ height: 4 }} />}>
            <LinearProgress
              variant="determinate"
              value={Math.round((progress ?? 0) * 100)}
              aria-labelledby={`${inputId}-progress`}
            />
          </Suspense>
          <Button size="small" sx={{ mt: 0.5 }} onClick={() => controller.current?.abort()}>
            Cancel upload
          </Button>
        </Box>
      ) : line.can_upload_creative ? (
        <Button
          component="label"
          variant={creative ? 'outlined' : 'contained'}
          startIcon={<CloudUploadOutlined />}
        >
          {creative ? 'Upload again' : 'Upload artwork'}
          <input
            type="file"
            hidden
            accept={ACCEPT}
            data-testid={`creative-input-${line.id}`}
            ref={fileField}
            onChange={(e) => take(e.target)}
          />
        </Button>
      ) : line.timeline.length > 0 &&
        creative?.status !== 'approved' &&
        line.status !== 'cancelled' &&
        line.status !== 'completed' ? (
        // (A line has a timeline once its order is paid: before that there is nothing to upload yet.)
        <Typography variant="body2" color="text.secondary">
          The artwork can no longer be changed here; contact support if it must.
        </Typography>
      ) : null}
    </Box>
  );
}
