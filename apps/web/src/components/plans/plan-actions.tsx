import {
  DownloadOutlined,
  PictureAsPdfOutlined,
  ShareOutlined,
  SlideshowOutlined,
  TableChartOutlined,
} from '@mui/icons-material';
import {
  Box,
  Button,
  CircularProgress,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { signInPath } from '../../lib/auth/redirect-target';
import { isSignedIn } from '../../lib/session';
import { useNotify } from '../notify';
import { FORMAT_LABELS, needsSignIn, type PlanFormat, type PlanSource, resolveSource } from './plan-source';

const SharePlanDialog = lazy(() => import('./share-plan-dialog'));

const ICONS: Record<PlanFormat, React.ReactNode> = {
  pptx: <SlideshowOutlined fontSize="small" />,
  xlsx: <TableChartOutlined fontSize="small" />,
  pdf: <PictureAsPdfOutlined fontSize="small" />,
};

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
        onClick={() => setMenuOpen(true)}
      >
        {busy ? `Preparing ${FORMAT_LABELS[busy]}…` : 'Export plan'}
      </Button>
      <Menu anchorEl={anchor.current} open={menuOpen} onClose={() => setMenuOpen(false)}>
        {(Object.keys(FORMAT_LABELS) as PlanFormat[]).map((format) => (
          <MenuItem key={format} onClick={() => void exportAs(format)}>
            <ListItemIcon>{ICONS[format]}</ListItemIcon>
            <ListItemText>{FORMAT_LABELS[format]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
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
