import { FileDownloadOutlined, UploadFileOutlined } from '@mui/icons-material';
import { Alert, Box, Button, Container, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { formatCount, SITE_IMPORT_MAX_BYTES, SITE_IMPORT_MAX_ROWS, type SiteImportReport } from '@ooh/shared';
import { useRef, useState } from 'react';
import { type LoaderFunctionArgs, Link as RouterLink } from 'react-router';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import type { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { loadQueries } from '../../../lib/loader-queries';
import { useEarlyFiles } from '../../../lib/use-early-files';
import { partnerMeta } from '../../lib/partner-meta';
import { siteEditRefusal } from '../../lib/site-edit-refusal';
import { usePartnerOwner } from '../../partner-context';
import { downloadFailedRows, downloadTemplate, useImportSites } from './api/import-sites';
import { ImportReport } from './components/import-report';

const MAX_MB = SITE_IMPORT_MAX_BYTES / 1024 / 1024;

export const meta = partnerMeta('Import sites');

/**
 * Rendered on the server like every room screen (components/room-outlet.tsx), with nothing to ask: the
 * screen reads nothing from the API until a file is chosen. Its buttons wait for hydration in the fieldset.
 */
export const loader = (args: LoaderFunctionArgs) => loadQueries(args, []);
export const shouldRevalidate = roomShouldRevalidate;

/** What the browser can tell before sending: the name and the size (the server checks the content). */
export function checkChosenFile(file: File): string | null {
  if (!/\.csv$/i.test(file.name)) {
    return 'Choose a .csv file. In your spreadsheet, use Save as, then "CSV UTF-8".';
  }
  if (file.size === 0) return 'This file is empty. Download the template and fill it in.';
  if (file.size > SITE_IMPORT_MAX_BYTES)
    return `This file is larger than ${MAX_MB} MB. Split it into smaller files.`;
  return null;
}

/**
 * /partner/import (docs/product-rules.md section 8): download the template, upload a CSV, read the report per row, then
 * confirm; the confirm writes every valid row in one go, as sites waiting for an operator's review.
 */
/** /partner/import: the CSV import, or why this member cannot import (a field member, a suspended owner). */
export default function ImportPage() {
  const refusal = siteEditRefusal(usePartnerOwner(), 'importing sites');
  if (refusal) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Import sites
        </Typography>
        <Alert severity="info">{refusal.replace('adding and editing sites is', 'importing sites is')}</Alert>
        <Button component={RouterLink} to="/partner/sites" sx={{ mt: 2 }}>
          See the sites
        </Button>
      </Container>
    );
  }
  return <ImportScreen />;
}

function ImportScreen() {
  const check = useImportSites();
  const confirm = useImportSites();
  const [file, setFile] = useState<File | null>(null);
  /** The failed rows' download: running, or its error. */
  const [failedRows, setFailedRows] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [templateError, setTemplateError] = useState<string | null>(null);
  const [done, setDone] = useState<SiteImportReport | null>(null);
  // One key per chosen file: a double click or a retry of the confirm never imports twice.
  const key = useRef('');
  const sending = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  const report = check.data;
  const busy = check.isPending || confirm.isPending;

  /** The dry run; a new key, as a new check may find another set of valid rows. */
  const runCheck = (chosen: File) => {
    confirm.reset();
    key.current = newIdempotencyKey();
    setProgress(0);
    check.mutate(
      { file: chosen, dryRun: true, onProgress: setProgress },
      { onSettled: () => setProgress(null) },
    );
  };

  const choose = (field: HTMLInputElement) => {
    const chosen = field.files?.[0];
    field.value = '';
    if (!chosen) return;
    check.reset();
    setDone(null);
    const why = checkChosenFile(chosen);
    setProblem(why);
    setFile(why ? null : chosen);
    if (!why) runCheck(chosen);
  };
  useEarlyFiles(input, choose);

  const importValid = () => {
    if (!file || !report || sending.current) return;
    sending.current = true;
    setProgress(0);
    confirm.mutate(
      {
        file,
        dryRun: false,
        expectedValidRows: report.valid_rows,
        idempotencyKey: key.current,
        onProgress: setProgress,
      },
      {
        onSuccess: setDone,
        onSettled: () => {
          sending.current = false;
          setProgress(null);
        },
      },
    );
  };

  const startOver = () => {
    check.reset();
    confirm.reset();
    setDone(null);
    setFile(null);
    setProblem(null);
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Import sites
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Add up to {formatCount(SITE_IMPORT_MAX_ROWS)} sites at once from a CSV file. You see a report of every
        row before anything is saved; imported sites wait for our review before buyers see them.
      </Typography>

      {done ? (
        <Alert severity="success">
          <Typography sx={{ mb: 2 }}>
            {formatCount(done.created ?? 0)} {done.created === 1 ? 'site was' : 'sites were'} imported and
            wait for review.
            {done.invalid_rows > 0 &&
              ` ${formatCount(done.invalid_rows)} ${done.invalid_rows === 1 ? 'row' : 'rows'} with errors ${done.invalid_rows === 1 ? 'was' : 'were'} left out: fix them and import them in another file.`}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button component={RouterLink} to="/partner/sites" variant="contained" color="success">
              See your sites
            </Button>
            <Button variant="outlined" color="success" onClick={startOver}>
              Import another file
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" gutterBottom>
              1. Fill in the template
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              One row per site. Leave site_code empty and we assign one. Category is one of lamp-post,
              hoarding, bridge, digital-billboard, transit or retail; lighting is Front Lit, Back Lit or
              Non-Lit.
            </Typography>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              onClick={() => {
                setTemplateError(null);
                downloadTemplate().catch((err: Error) => setTemplateError(err.message));
              }}
            >
              Download the template
            </Button>
            {templateError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {templateError}
              </Alert>
            )}
          </Paper>

          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" gutterBottom>
              2. Upload the file and check it
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              A .csv file of at most {MAX_MB} MB. Nothing is saved yet.
            </Typography>
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              hidden
              onChange={(e) => choose(e.target)}
              data-testid="import-file"
              aria-label="CSV file"
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Button
                variant="contained"
                startIcon={<UploadFileOutlined />}
                onClick={() => input.current?.click()}
                disabled={busy}
              >
                {file ? 'Choose another file' : 'Choose a CSV file'}
              </Button>
              {file && (
                <Typography sx={{ wordBreak: 'break-all' }} color="text.secondary">
                  {file.name} ({(file.size / 1024).toFixed(0)} KB)
                </Typography>
              )}
            </Stack>
            {problem && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {problem}
              </Alert>
            )}
            {check.isPending && <Progress value={progress} label="Checking the file" />}
            {check.isError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {check.error.message}
              </Alert>
            )}
          </Paper>

          {report && (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-live="polite">
              <Typography variant="h6" component="h2" gutterBottom>
                3. Review and import
              </Typography>
              <ImportReport report={report} />
              <Box sx={{ mt: 3 }}>
                {report.invalid_rows > 0 && report.valid_rows > 0 && (
                  <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                    Rows with errors are left out. You can fix them and import them later in another file.
                  </Typography>
                )}
                {report.invalid_rows > 0 && file && (
                  <Box sx={{ mb: 2 }}>
                    <Button
                      variant="outlined"
                      startIcon={<FileDownloadOutlined />}
                      disabled={busy || failedRows === 'busy'}
                      onClick={() => {
                        setFailedRows('busy');
                        downloadFailedRows(file)
                          .then(() => setFailedRows(null))
                          .catch((err: Error) => setFailedRows(err.message));
                      }}
                    >
                      Download the {formatCount(report.invalid_rows)}{' '}
                      {report.invalid_rows === 1 ? 'row' : 'rows'} with errors to fix
                    </Button>
                    {failedRows && failedRows !== 'busy' && (
                      <Alert severity="error" sx={{ mt: 1 }}>
                        {failedRows}
                      </Alert>
                    )}
                  </Box>
                )}
                <Button
                  variant="contained"
                  size="large"
                  onClick={importValid}
                  disabled={busy || report.valid_rows === 0}
                  fullWidth
                  sx={{ maxWidth: { sm: 360 } }}
                >
                  {confirm.isPending
                    ? 'Importing…'
                    : report.valid_rows === 0
                      ? 'No valid rows to import'
                      : `Import ${formatCount(report.valid_rows)} valid ${report.valid_rows === 1 ? 'site' : 'sites'}`}
                </Button>
                {confirm.isPending && <Progress value={progress} label="Saving the sites" />}
                {confirm.isError && (
                  <Alert
                    severity="error"
                    sx={{ mt: 2 }}
                    action={
                      file && (confirm.error as ApiError).status === 409 ? (
                        <Button color="inherit" size="small" onClick={() => runCheck(file)}>
                          Check again
                        </Button>
                      ) : undefined
                    }
                  >
                    {confirm.error.message}
                  </Alert>
                )}
              </Box>
            </Paper>
          )}
        </Stack>
      )}
    </Container>
  );
}

/** Upload progress while sending, then an open-ended bar while the server works through the rows. */
function Progress({ value, label }: { value: number | null; label: string }) {
  const uploading = value !== null && value < 1;
  return (
    <Box sx={{ mt: 2 }} role="status">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {uploading ? `Uploading… ${Math.round((value ?? 0) * 100)}%` : `${label}…`}
      </Typography>
      <LinearProgress
        variant={uploading ? 'determinate' : 'indeterminate'}
        value={uploading ? (value ?? 0) * 100 : undefined}
        aria-label={uploading ? 'Upload progress' : label}
      />
    </Box>
  );
}
