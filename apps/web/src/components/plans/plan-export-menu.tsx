import { PictureAsPdfOutlined, SlideshowOutlined, TableChartOutlined } from '@mui/icons-material';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { FORMAT_LABELS, type PlanFormat } from './plan-source';

const ICONS: Record<PlanFormat, React.ReactNode> = {
  pptx: <SlideshowOutlined fontSize="small" />,
  xlsx: <TableChartOutlined fontSize="small" />,
  pdf: <PictureAsPdfOutlined fontSize="small" />,
};

export interface PlanExportMenuProps {
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose(): void;
  onChoose(format: PlanFormat): void;
}

/** "Export plan"'s formats. Its own file: the menu (Popover, Modal, ~9 KB brotli) loads when first opened. */
export default function PlanExportMenu({ anchorEl, open, onClose, onChoose }: PlanExportMenuProps) {
  return (
    <Menu anchorEl={anchorEl} open={open} onClose={onClose}>
      {(Object.keys(FORMAT_LABELS) as PlanFormat[]).map((format) => (
        <MenuItem key={format} onClick={() => onChoose(format)}>
          <ListItemIcon>{ICONS[format]}</ListItemIcon>
          <ListItemText>{FORMAT_LABELS[format]}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
