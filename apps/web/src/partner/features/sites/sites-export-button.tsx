import { Download } from '@mui/icons-material';
import { Alert, Button, Menu, MenuItem, Snackbar } from '@mui/material';
import type { SiteStatus } from '@ooh/shared';
import { useState } from 'react';
import { toQueryString } from '../../../lib/api-client';
import { apiDownload } from '../../../lib/api-download';

/**
 * "Export": the selected sites, else every site the grid's filter shows, as CSV or Excel (issue 22), in the
 * import template's columns so the file can be edited and imported again.
 */
export function SitesExportButton({
  selected,
  status,
  search,
}: {
  selected: number[];
  status?: SiteStatus;
  search?: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const scope = selected.length ? `${selected.length} selected` : 'all shown';
  const download = async (kind: 'csv' | 'xlsx') => {
    setAnchor(null);
    setBusy(true);
    setError(null);
    const query = selected.length ? { ids: selected.join(',') } : { status, search: search || undefined };
    try {
      await apiDownload(`/partner/sites/export.${kind}${toQueryString(query)}`, `sites.${kind}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The export failed; please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<Download />}
        disabled={busy}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? 'sites-export-menu' : undefined}
        aria-expanded={Boolean(anchor)}
      >
        {busy ? 'Exporting…' : `Export (${scope})`}
      </Button>
      <Menu id="sites-export-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void download('csv')}>CSV (imports again)</MenuItem>
        <MenuItem onClick={() => void download('xlsx')}>Excel workbook</MenuItem>
      </Menu>
      <Snackbar open={Boolean(error)} onClose={() => setError(null)} autoHideDuration={8000}>
        <Alert severity="error" onClose={() => setError(null)} role="alert">
          {error}
        </Alert>
      </Snackbar>
    </>
  );
}
