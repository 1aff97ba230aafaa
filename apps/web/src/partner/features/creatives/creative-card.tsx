import { PictureAsPdfOutlined, ZoomInOutlined } from '@mui/icons-material';
import { Alert, Box, Button, ButtonBase, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { formatBookingPeriod, type PartnerCreativeLine } from '@ooh/shared';
import { useState } from 'react';
import { apiDownload } from '../../../lib/api-download';
import { usePrivateFileUrl } from '../../../lib/private-file';
import { ArtworkFullSizeDialog } from './artwork-full-size-dialog';
import { fileSize } from './file-size';

const STATUS: Record<
  PartnerCreativeLine['creative']['status'],
  { label: string; color: 'default' | 'success' | 'error' }
> = {
  submitted: { label: 'Waiting for review', color: 'default' },
  approved: { label: 'Approved', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
};

function Preview({ line }: { line: PartnerCreativeLine }) {
  const c = line.creative;
  const isImage = c.content_type.startsWith('image/');
  const { src, failed } = usePrivateFileUrl(isImage ? c.url : null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [fullSize, setFullSize] = useState(false);
  const frame = {
    width: { xs: '100%', sm: 200 },
    height: { xs: 160, sm: 120 },
    flexShrink: 0,
    bgcolor: 'grey.100',
    borderRadius: 1,
    overflow: 'hidden',
    display: 'grid',
    placeItems: 'center',
  } as const;
  if (!isImage) {
    return (
      <Box sx={frame}>
        <Stack spacing={0.5} sx={{ alignItems: 'center', p: 1 }}>
          <PictureAsPdfOutlined color="error" aria-hidden />
          <Button
            size="small"
            onClick={() => void apiDownload(c.url, c.file_name).catch(() => setDownloadFailed(true))}
          >
            Download PDF
          </Button>
          {downloadFailed ? (
            <Typography variant="caption" color="error">
              Download failed; try again.
            </Typography>
          ) : null}
        </Stack>
      </Box>
    );
  }
  return (
    <Stack spacing={0.5} sx={{ flexShrink: 0, alignItems: 'stretch' }}>
      <Box sx={frame}>
        {src ? (
          <ButtonBase
            onClick={() => setFullSize(true)}
            aria-hidden
            tabIndex={-1}
            sx={{ width: '100%', height: '100%', cursor: 'zoom-in' }}
          >
            <Box
              component="img"
              src={src}
              alt={`Artwork for ${line.site.name}`}
              sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          </ButtonBase>
        ) : (
          <Typography variant="caption" color="text.secondary">
            {failed ? 'Preview not available' : 'Loading preview…'}
          </Typography>
        )}
      </Box>
      <Button
        size="small"
        startIcon={<ZoomInOutlined aria-hidden />}
        disabled={!src}
        onClick={() => setFullSize(true)}
        aria-label={`View the artwork for ${line.site.name}, order ${line.order_id}, at full size`}
      >
        View full size
      </Button>
      {src ? (
        <ArtworkFullSizeDialog open={fullSize} onClose={() => setFullSize(false)} src={src} line={line} />
      ) : null}
    </Stack>
  );
}

/**
 * The print file as uploaded (an attachment under its own name) and the mounting crew's job sheet
 * (decision 046): both need the session, so they are fetched and saved rather than linked.
 */
function PrintFiles({ line }: { line: PartnerCreativeLine }) {
  const c = line.creative;
  const [busy, setBusy] = useState<'file' | 'sheet' | null>(null);
  const [failed, setFailed] = useState(false);
  const run = (what: 'file' | 'sheet', go: () => Promise<void>) => {
    setBusy(what);
    setFailed(false);
    go()
      .catch(() => setFailed(true))
      .finally(() => setBusy(null));
  };
  const dims = c.width && c.height ? `, ${c.width} × ${c.height} px` : '';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
      <Button
        variant="outlined"
        size="small"
        disabled={busy !== null}
        onClick={() => run('file', () => apiDownload(`${c.url}?download=1`, c.file_name))}
        aria-label={`Download the print file for ${line.site.name}, order ${line.order_id} (${fileSize(c.size_bytes)}${dims})`}
      >
        Print file ({fileSize(c.size_bytes)}
        {dims})
      </Button>
      <Button
        variant="outlined"
        size="small"
        disabled={busy !== null}
        onClick={() =>
          run('sheet', () =>
            apiDownload(`/partner/lines/${line.line_id}/job-sheet.pdf`, `job-sheet-line-${line.line_id}.pdf`),
          )
        }
        aria-label={`Download the job sheet for ${line.site.name}, order ${line.order_id}`}
      >
        Job sheet (PDF)
      </Button>
      {failed ? (
        <Typography variant="caption" color="error" role="alert">
          Download failed; try again.
        </Typography>
      ) : null}
    </Stack>
  );
}

/** One line's artwork: its preview and file, the print files once approved, Approve or Reject while waiting. */
export function CreativeCard({
  line,
  busy,
  canDecide = true,
  onApprove,
  onReject,
}: {
  line: PartnerCreativeLine;
  busy: boolean;
  /** Admins and managers approve or reject artwork; a field member reads it (DESIGN 7). */
  canDecide?: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const c = line.creative;
  const titleId = `creative-line-${line.line_id}`;
  const size =
    line.site.width_ft && line.site.height_ft ? `${line.site.width_ft} × ${line.site.height_ft} ft` : null;
  return (
    <Card component="article" aria-labelledby={titleId} data-testid={`partner-creative-${line.line_id}`}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Preview line={line} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography id={titleId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {line.site.name}
              </Typography>
              <Chip size="small" label={STATUS[c.status].label} color={STATUS[c.status].color} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {line.site.city}
              {size ? ` · ${size}` : ''} · order #{line.order_id}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {formatBookingPeriod(line.from_date, line.to_date, { withDays: false })}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {c.file_name}
              {c.width && c.height ? ` · ${c.width} × ${c.height}` : ''}
            </Typography>
            {c.aspect_warning ? (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {c.aspect_warning}
              </Alert>
            ) : null}
            {c.status === 'rejected' && c.rejection_reason ? (
              <Alert severity="info" sx={{ mt: 1 }}>
                Your reason: {c.rejection_reason}
              </Alert>
            ) : null}
            {c.status === 'approved' ? <PrintFiles line={line} /> : null}
            {c.status === 'submitted' && !canDecide ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                Waiting for an admin or a manager of your company to approve it.
              </Typography>
            ) : null}
            {c.status === 'submitted' && canDecide ? (
              <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
                <Button
                  variant="contained"
                  color="success"
                  disabled={busy}
                  onClick={onApprove}
                  aria-label={`Approve the artwork for ${line.site.name}, order ${line.order_id}`}
                >
                  Approve
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  disabled={busy}
                  onClick={onReject}
                  aria-label={`Reject the artwork for ${line.site.name}, order ${line.order_id}`}
                >
                  Reject
                </Button>
              </Stack>
            ) : null}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
