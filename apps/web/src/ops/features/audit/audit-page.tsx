import { Alert, Box, Button, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { AuditEntry } from '@ooh/shared';
import { useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import { loadQueries } from '../../../lib/loader-queries';
import { pageMeta } from '../../../lib/page-meta';
import { useUrlQuery } from '../../../lib/use-url-query';
import { DebouncedField } from '../../components/debounced-field';
import { OpsDataGrid, PAGE_SIZES } from '../../components/ops-data-grid';
import { formatInstant } from '../../lib/format';
import { errorText } from '../../lib/ops-api';
import { auditLogQuery, useAuditLog } from './api/audit';
import { AuditDiffDialog, changedKeys } from './audit-diff';

const COLUMNS: GridColDef<AuditEntry>[] = [
  { field: 'created_at', headerName: 'When', minWidth: 170, valueFormatter: (v: string) => formatInstant(v) },
  { field: 'actor_phone', headerName: 'Who', minWidth: 120 },
  { field: 'action', headerName: 'What', minWidth: 170, flex: 1 },
  {
    field: 'entity',
    headerName: 'Record',
    minWidth: 150,
    valueGetter: (_v, row) => `${row.entity} #${row.entity_id}`,
  },
  {
    field: 'changes',
    headerName: 'Changed',
    minWidth: 200,
    flex: 1,
    valueGetter: (_v, row) => changedKeys(row.before, row.after).join(', ') || '—',
  },
];

const FILTERS = [
  { key: 'action', label: 'Action', placeholder: 'media_owner.approve' },
  { key: 'entity', label: 'Record type', placeholder: 'media_owner' },
  { key: 'actor', label: 'Operator', placeholder: 'Phone or user id' },
] as const;

/** The filters the address applies, each '' when it applies none. */
const filtersFor = (query: URLSearchParams): Record<string, string> =>
  Object.fromEntries(FILTERS.map((f) => [f.key, query.get(f.key) ?? '']));

/** The API's query for a page of the filtered log. */
const logQuery = (filters: Record<string, string>, paging: { page: number; pageSize: number }) => ({
  ...filters,
  page: paging.page + 1,
  page_size: paging.pageSize,
});

/** The page shown first; paging is the screen's own state, not the address's. */
const FIRST_PAGE = { page: 0, pageSize: PAGE_SIZES[1] };

export const meta = () => pageMeta('Audit log');

/** Rendered on the server with the first page its address's filters ask for (components/room-outlet.tsx). */
export const loader = (args: LoaderFunctionArgs) =>
  loadQueries(args, [
    auditLogQuery(logQuery(filtersFor(new URL(args.request.url).searchParams), FIRST_PAGE)),
  ]);
export const shouldRevalidate = roomShouldRevalidate;

/** /ops/audit: every operator action, newest first; a row shows the values before and after. */
export default function AuditPage() {
  const { query, set, hydrated } = useUrlQuery({ rendered: true });
  const [paging, setPaging] = useState(FIRST_PAGE);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const filters = filtersFor(query);
  const log = useAuditLog(logQuery(filters, paging), hydrated);

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Audit log
      </Typography>
      <Box
        role="search"
        aria-label="Filter the audit log"
        sx={{
          display: 'grid',
          gap: 1.5,
          mb: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr) auto' },
        }}
      >
        {FILTERS.map((f) => (
          <DebouncedField
            key={f.key}
            name={f.key}
            label={f.label}
            placeholder={f.placeholder}
            applied={filters[f.key]}
            apply={(v) => {
              set({ [f.key]: v });
              setPaging((p) => ({ ...p, page: 0 }));
            }}
          />
        ))}
        <Button
          onClick={() => set({ action: '', entity: '', actor: '' }, { push: true })}
          disabled={FILTERS.every((f) => !filters[f.key])}
        >
          Clear
        </Button>
      </Box>
      {log.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(log.error)}
        </Alert>
      )}
      <OpsDataGrid<AuditEntry>
        label="Audit log"
        rows={log.data?.results ?? []}
        columns={COLUMNS}
        rowCount={log.data?.count ?? 0}
        loading={log.isFetching}
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        onRowClick={setOpen}
        noRowsLabel="No operator actions match."
      />
      <AuditDiffDialog entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
