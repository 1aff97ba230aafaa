import { EditOutlined } from '@mui/icons-material';
import { Box, IconButton, InputBase } from '@mui/material';
import { campaignTitle } from '@ooh/shared';
import { useEffect, useRef, useState } from 'react';

export interface CampaignNameFieldProps {
  value: string;
  /** Called on every keystroke: the stored name follows the field (docs/product-spec.md section 2). */
  onChange(name: string): void;
}

/**
 * The editable campaign name: disabled until the edit icon is pressed, disabled again when the mouse leaves
 * it (or, for keyboard users, when focus leaves it); large and bold. An empty name shows as Untitled
 * Campaign, never as a blank title (docs/product-rules.md section 3a).
 */
export function CampaignNameField({ value, onChange }: CampaignNameFieldProps) {
  const [editing, setEditing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // At rest a blank name reads as the name it is saved with; while editing, the text as typed.
  const shown = editing ? value : campaignTitle(value);

  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  return (
    <Box
      onMouseLeave={() => setEditing(false)}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, m: 0, minWidth: 0 }}
    >
      <InputBase
        inputRef={input}
        value={shown}
        disabled={!editing}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => setEditing(false)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'Escape') setEditing(false);
        }}
        inputProps={{ 'aria-label': 'Campaign name', maxLength: 200 }}
        sx={{
          // As wide as the name, so the edit icon sits right after it.
          width: `${Math.min(Math.max(shown.length, 10), 40) + 2}ch`,
          maxWidth: 'calc(100% - 48px)',
          fontSize: { xs: '1.5rem', md: '2rem' },
          fontWeight: 800,
          color: 'text.primary',
          borderBottom: '2px solid',
          borderColor: editing ? 'primary.main' : 'transparent',
          '& .MuiInputBase-input.Mui-disabled': {
            WebkitTextFillColor: 'currentColor',
            color: 'text.primary',
          },
        }}
      />
      {/* The browser's own tooltip: MUI's would bring Popper (~8 KB gzipped) to the page for one hint. */}
      <IconButton
        aria-label="Edit campaign name"
        title="Edit campaign name"
        onClick={() => setEditing(true)}
        color="primary"
      >
        <EditOutlined />
      </IconButton>
    </Box>
  );
}
