import { DownloadOutlined, ShareOutlined } from '@mui/icons-material';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { signInPath } from '../../lib/auth/redirect-target';
import { isSignedIn } from '../../lib/session';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { useNotify } from '../notify';
import { FORMAT_LABELS, needsSignIn, type PlanFormat, type PlanSource, resolveSource } from './plan-source';

const SharePlanDialog = lazy(() => import('./share-plan-dialog'));
const loadExportMenu = () => import('./plan-export-menu');
const PlanExportMenu = lazy(loadExportMenu);

export interface PlanActionsProps {
  source: PlanSource;
  /** Stretch the buttons to the container (narrow layouts). */
  fullWidth?: boolean;
}

/**
 * "Export plan" (PowerPoint, Excel, PDF) and "Share plan" for a campaign, a customized campaign, a draft or
 * an order (docs/product-rules.md section 12). The export code and the share dialog load only when used.
 */
export function PlanActions({ source, fullWidth }: PlanActionsProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { notify } = useNotify();
  const anchor = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuMounted = useOpenedOnce(menuOpen);
  const [busy, setBusy] = useState<PlanFormat | null>(null);
  const [shareOpen, setShareOpen] = useState(false);

  const signIn = () => {
    const here = location.pathname + location.search;
    navigate(signInPath(here));
  };

  const exportAs = async (format: PlanFormat) => {
    setMenuOpen(false);
    if (busy) return;
    if (needsSignIn(source) && !isSignedIn()) return signIn();
    setBusy(format);
    try {
      const [{ downloadPlan }, resolved] = await Promise.all([
        import('./download-plan'),
        resolveSource(source),
      ]);
      const name = await downloadPlan(resolved, format);
      notify(`Downloaded ${name}.`, 'success');
    } catch (err) {
      notify((err as Error).message || 'The plan could not be exported.', 'error');
    } finally {
      setBusy(null);
    }
  };

  const openShare = () => {
    if (!isSignedIn()) return signIn();
    setShareOpen(true);
  };

  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <Button
        ref={anchor}
        variant="outlined"
        fullWidth={fullWidth}
        startIcon={busy ? <CircularProgress size={18} /> : <DownloadOutlined />}
        disabled={busy !== null}
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        // Warm the menu's code as a pointer or the focus comes near, so it opens at once.
        onPointerEnter={() => void loadExportMenu()}
        onFocus={() => void loadExportMenu()}
        onClick={() => setMenuOpen(true)}
      >
        {busy ? `Preparing ${FORMAT_LABELS[busy]}…` : 'Export plan'}
      </Button>
      {menuMounted && (
        <Suspense fallback={null}>
          <PlanExportMenu
            anchorEl={anchor.current}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            onChoose={(format) => void exportAs(format)}
          />
        </Suspense>
      )}
      <Button variant="outlined" fullWidth={fullWidth} startIcon={<ShareOutlined />} onClick={openShare}>
        Share plan
      </Button>
      {busy && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ width: '100%' }}>
          Preparing your {FORMAT_LABELS[busy]} file. Large plans take a few seconds.
        </Typography>
      )}
      {shareOpen && (
        <Suspense fallback={null}>
          <SharePlanDialog source={source} open={shareOpen} onClose={() => setShareOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
