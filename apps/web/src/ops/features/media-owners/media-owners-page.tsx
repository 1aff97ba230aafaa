import { Button, Chip, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { MEDIA_OWNER_STATUSES, type MediaOwnerStatus, type OpsMediaOwner } from '@ooh/shared';
import { useState } from 'react';
import { Form, type LoaderFunctionArgs } from 'react-router';
import { ChoiceField } from '../../../components/choice-field';
import { LoadError } from '../../../components/load-error';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import { TextInput } from '../../../components/text-input';
import { loadQueries } from '../../../lib/loader-queries';
import { pageMeta } from '../../../lib/page-meta';
import { useUrlQuery } from '../../../lib/use-url-query';
import { OpsDataGrid } from '../../components/ops-data-grid';
import { formatInstant, humanize } from '../../lib/format';
import { mediaOwnersQuery, useMediaOwners } from './api/media-owners';
import { MediaOwnerDialog, OwnerStatusChip } from './media-owner-dialog';

const COLUMNS: GridColDef<OpsMediaOwner>[] = [
  { field: 'company_name', headerName: 'Company', flex: 1.4, minWidth: 180 },
  { field: 'gstin', headerName: 'GSTIN', minWidth: 160 },
  { field: 'city', headerName: 'City', minWidth: 110 },
  { field: 'contact_name', headerName: 'Contact', minWidth: 140, flex: 1 },
  {
    field: 'status',
    headerName: 'Status',
    // "Suspended" and "Possible duplicate" side by side (about 230 px); narrower, they wrap onto a second
    // line of a taller row rather than being cut.
    minWidth: 240,
    flex: 1,
    renderCell: (p) => (
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5, py: 0.25 }}>
        <OwnerStatusChip status={p.row.status} />
        {p.row.duplicates.length ? (
          <Chip
            size="small"
            variant="outlined"
            label="Possible duplicate"
            // White on MUI's warning orange is below 3:1; the orange stays as the border (as StatusChip).
            sx={{ borderColor: 'warning.main', color: 'text.primary' }}
          />
        ) : null}
      </Stack>
    ),
  },
  {
    field: 'created_at',
    headerName: 'Applied',
    minWidth: 150,
    valueFormatter: (value: string) => formatInstant(value),
  },
];

const isStatus = (v: string | null): v is MediaOwnerStatus =>
  MEDIA_OWNER_STATUSES.includes(v as MediaOwnerStatus);

/** The status the address asks for: the applications waiting, unless it says otherwise. */
const statusFor = (query: URLSearchParams): MediaOwnerStatus | 'all' => {
  const raw = query.get('status');
  return isStatus(raw) ? raw : raw === 'all' ? 'all' : 'pending';
};

/** The search the address asks for (company, GSTIN or PAN), trimmed; at most the API's 100 characters. */
const searchFor = (query: URLSearchParams) => (query.get('q') ?? '').trim().slice(0, 100);

/** The page shown first; paging is the screen's own state, not the address's. */
const FIRST_PAGE = { page: 0, pageSize: 25 };

export const meta = () => pageMeta('Media owners');

/** Rendered on the server with the first page of its status (components/room-outlet.tsx). */
export const loader = (args: LoaderFunctionArgs) =>
  loadQueries(args, [
    mediaOwnersQuery(
      statusFor(new URL(args.request.url).searchParams),
      FIRST_PAGE.page + 1,
      FIRST_PAGE.pageSize,
      searchFor(new URL(args.request.url).searchParams),
    ),
  ]);
export const shouldRevalidate = roomShouldRevalidate;

/** /ops/media-owners: applications by status; a row opens the application with Approve and Reject. */
export default function MediaOwnersPage() {
  const { query, set } = useUrlQuery({ rendered: true });
  const status = statusFor(query);
  const search = searchFor(query);
  const [paging, setPaging] = useState(FIRST_PAGE);
  const owners = useMediaOwners(status, paging.page + 1, paging.pageSize, search);
  // The row as opened: after a decision the pending list no longer holds it, yet the dialog shows the outcome.
  const [open, setOpen] = useState<OpsMediaOwner | null>(null);

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between' }}
      >
        <Typography variant="h4" component="h1">
          Media owners
        </Typography>
        <ChoiceField
          size="small"
          label="Status"
          value={status}
          onChange={(v) => {
            set({ status: v }, { push: true });
            setPaging((p) => ({ ...p, page: 0 }));
          }}
          choices={[
            ...MEDIA_OWNER_STATUSES.map((s) => ({ value: s, label: humanize(s) })),
            { value: 'all', label: 'All' },
          ]}
          sx={{ minWidth: 180 }}
        />
      </Stack>
      {/* A GET form: the search is the address's, so it works before the scripts run and can be shared. */}
      <Form method="get" role="search" aria-label="Find a media owner" onSubmit={() => setPaging(FIRST_PAGE)}>
        {status !== 'pending' ? <input type="hidden" name="status" value={status} /> : null}
        <Stack direction="row" spacing={1} sx={{ mb: 2, maxWidth: 520 }}>
          <TextInput
            name="q"
            type="search"
            size="small"
            label="Company, GSTIN or PAN"
            defaultValue={search}
            key={search}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            fullWidth
          />
          <Button type="submit" variant="outlined">
            Find
          </Button>
        </Stack>
      </Form>
      {owners.isError ? (
        <LoadError onRetry={() => owners.refetch()}>The media owners could not be loaded.</LoadError>
      ) : (
        <OpsDataGrid
          label="Media owners"
          rows={owners.data?.results ?? []}
          columns={COLUMNS}
          rowCount={owners.data?.count ?? 0}
          loading={owners.isFetching}
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          onRowClick={(row) => setOpen(row)}
          autoRowHeight
          noRowsLabel={
            search
              ? `No media owner matches “${search}”.`
              : status === 'pending'
                ? 'No applications are waiting.'
                : 'No media owners.'
          }
        />
      )}
      <MediaOwnerDialog owner={open} onClose={() => setOpen(null)} />
    </>
  );
}
