import { Box, Button, List, ListItem, Stack, Typography } from '@mui/material';
import type { CalendarEntry, CalendarSite } from '@ooh/shared';
import { dayRange, KIND_STYLE } from './calendar-entries';

/** The kind as a coloured tag with its word, so colour is never the only sign. */
export function KindTag({ kind }: { kind: CalendarEntry['kind'] }) {
  const style = KIND_STYLE[kind];
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 1,
        bgcolor: style.bg,
        color: style.fg,
        fontSize: 12,
        fontWeight: 600,
        minWidth: 64,
        textAlign: 'center',
      }}
    >
      {style.word}
    </Box>
  );
}

/** The month as a list: what a phone reads more easily than a grid, and what a screen reader reads at all. */
export function EntryList({
  entries,
  sites,
  onRemove,
  removingId,
}: {
  entries: CalendarEntry[];
  sites: CalendarSite[];
  /** Without it (a field member, a suspended owner) blocks are read, not removed. */
  onRemove?(entry: CalendarEntry): void;
  removingId: number | null;
}) {
  const names = new Map(sites.map((s) => [s.id, s.name]));
  if (!entries.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        Nothing booked, held or blocked this month.
      </Typography>
    );
  }
  const sorted = [...entries].sort(
    (a, b) => a.start_date.localeCompare(b.start_date) || a.site_id - b.site_id,
  );
  return (
    <List disablePadding>
      {sorted.map((e) => (
        <ListItem key={`${e.kind}-${e.id}`} divider disableGutters sx={{ alignItems: 'flex-start' }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ width: '100%' }}>
            <Box sx={{ flexShrink: 0 }}>
              <KindTag kind={e.kind} />
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {dayRange(e.start_date, e.end_date)} · {names.get(e.site_id) ?? `Site ${e.site_id}`}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {e.label}
              </Typography>
            </Box>
            {e.kind === 'block' && onRemove && (
              <Box sx={{ flexShrink: 0 }}>
                <Button
                  size="small"
                  color="error"
                  onClick={() => onRemove(e)}
                  disabled={removingId === e.id}
                  aria-label={`Remove the block ${dayRange(e.start_date, e.end_date)} on ${names.get(e.site_id) ?? 'this site'}`}
                >
                  {removingId === e.id ? 'Removing…' : 'Remove'}
                </Button>
              </Box>
            )}
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
