import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { AuditEntry } from '@ooh/shared';
import { DetailList } from '../../components/detail-list';
import { formatInstant } from '../../lib/format';

const text = (v: unknown) =>
  v === undefined ? '—' : v === null ? 'null' : typeof v === 'string' ? v : JSON.stringify(v);

/** The keys whose values differ between before and after, in the order they first appear. */
export function changedKeys(before: unknown, after: unknown): string[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
}

/** One audit entry: who, what, when, and each changed value before and after. */
export function AuditDiffDialog({ entry, onClose }: { entry: AuditEntry | null; onClose(): void }) {
  if (!entry) return null;
  const keys = changedKeys(entry.before, entry.after);
  const b = (entry.before ?? {}) as Record<string, unknown>;
  const a = (entry.after ?? {}) as Record<string, unknown>;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="audit-title">
      <DialogTitle id="audit-title">{entry.action}</DialogTitle>
      <DialogContent>
        <DetailList
          items={[
            ['Who', `${entry.actor_phone} (user #${entry.actor_user_id})`],
            ['What', entry.action],
            ['Record', `${entry.entity} #${entry.entity_id}`],
            ['When', formatInstant(entry.created_at)],
          ]}
        />
        <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
          Changes
        </Typography>
        {keys.length === 0 ? (
          <Typography color="text.secondary">No value changed.</Typography>
        ) : (
          <Table size="small" aria-label="Values before and after">
            <TableHead>
              <TableRow>
                <TableCell scope="col">Field</TableCell>
                <TableCell scope="col">Before</TableCell>
                <TableCell scope="col">After</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.map((k) => (
                <TableRow key={k}>
                  <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                    {k}
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {text(b[k])}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{text(a[k])}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
