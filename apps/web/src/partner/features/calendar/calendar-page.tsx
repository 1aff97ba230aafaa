import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
  Container,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  LinearProgress,
  Paper,
  Snackbar,
  Stack,
  Typography,
} from '@mui/material';
import { type CalendarEntry, thisMonthIst } from '@ooh/shared';
import { useState } from 'react';
import { type LoaderFunctionArgs, Link as RouterLink } from 'react-router';
import { ChoiceField } from '../../../components/choice-field';
import { LoadError } from '../../../components/load-error';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import { loadQueries } from '../../../lib/loader-queries';
import { partnerMeta } from '../../lib/partner-meta';
import { siteEditRefusal } from '../../lib/site-edit-refusal';
import { usePartnerOwner } from '../../partner-context';
import { useRemoveBlock } from './api/block-dates';
import { type CalendarParams, partnerCalendarQuery, usePartnerCalendar } from './api/get-partner-calendar';
import { BlockDatesDialog } from './block-dates-dialog';
import { dayRange, KIND_STYLE, monthTitle, shiftMonth, toEvents } from './calendar-entries';
import { EntryList, KindTag } from './entry-list';
import { MonthCalendar } from './month-calendar';

/** A month of every site (a page of them): what the screen first shows, and its site choices. */
const allSites = (month: string, page = 1): CalendarParams => ({ month, siteId: null, page });

export const meta = partnerMeta('Calendar');

/**
 * Rendered on the server with this month of every site (components/room-outlet.tsx). This month is India's
 * (thisMonthIst), so the server in UTC and the browser anywhere start on the same one.
 */
export const loader = (args: LoaderFunctionArgs) =>
  loadQueries(args, [partnerCalendarQuery(allSites(thisMonthIst()))]);
export const shouldRevalidate = roomShouldRevalidate;

/**
 * The owner's calendar (docs/product-rules.md section 8): a month of paid bookings, live holds and blocks on one site
 * or on all of them, a legend in words, "Block dates", and removing a block.
 */
export default function CalendarPage() {
  const [month, setMonth] = useState(() => thisMonthIst());
  const [siteId, setSiteId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [blocking, setBlocking] = useState(false);
  const [selected, setSelected] = useState<{ entry: CalendarEntry; siteName: string } | null>(null);
  const [toRemove, setToRemove] = useState<CalendarEntry | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Blocking dates is an office task (DESIGN 7): a field member or a suspended owner reads the calendar.
  const refusal = siteEditRefusal(usePartnerOwner(), 'blocking dates');
  const all = usePartnerCalendar(allSites(month, page));
  const one = usePartnerCalendar({ month, siteId }, siteId !== null);
  const shown = siteId === null ? all : one;
  const remove = useRemoveBlock();
  const sites = all.data?.sites ?? [];
  const data = shown.data;

  const confirmRemove = async () => {
    if (!toRemove) return;
    try {
      await remove.mutateAsync({ siteId: toRemove.site_id, blockId: toRemove.id });
      setNotice(`Block ${dayRange(toRemove.start_date, toRemove.end_date)} removed.`);
      setToRemove(null);
      setSelected(null);
    } catch {
      // The dialog shows remove.error.
    }
  };

  const pages = all.data ? Math.ceil(all.data.sites_count / all.data.page_size) : 1;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h4" component="h1">
          Calendar
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <ChoiceField
            size="small"
            label="Site"
            value={siteId === null ? 'all' : String(siteId)}
            onChange={(v) => setSiteId(v === 'all' ? null : Number(v))}
            choices={[
              { value: 'all', label: 'All sites' },
              ...sites.map((s) => ({ value: String(s.id), label: `${s.name} (${s.product_id})` })),
            ]}
            sx={{ minWidth: 220 }}
          />
          {refusal ? null : (
            <Button variant="contained" onClick={() => setBlocking(true)} disabled={!sites.length}>
              Block dates
            </Button>
          )}
        </Stack>
      </Stack>

      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <IconButton aria-label="Previous month" onClick={() => setMonth((m) => shiftMonth(m, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography
          variant="h6"
          component="h2"
          sx={{ minWidth: 150, textAlign: 'center' }}
          aria-live="polite"
        >
          {monthTitle(month)}
        </Typography>
        <IconButton aria-label="Next month" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
          <ChevronRightIcon />
        </IconButton>
        <Button size="small" onClick={() => setMonth(thisMonthIst())} disabled={month === thisMonthIst()}>
          This month
        </Button>
        <Box sx={{ flex: 1 }} />
        <Stack
          component="ul"
          direction="row"
          sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5, flexWrap: 'wrap' }}
          aria-label="Legend"
        >
          {(['booking', 'hold', 'block'] as const).map((kind) => (
            <Stack component="li" key={kind} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <KindTag kind={kind} />
              <Typography variant="caption" color="text.secondary">
                {KIND_STYLE[kind].legend}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </Stack>

      <Box sx={{ height: 4, mb: 1 }}>
        {shown.isFetching && <LinearProgress aria-label="Loading the calendar" />}
      </Box>
      {shown.isError && (
        <LoadError onRetry={() => shown.refetch()}>We could not load the calendar.</LoadError>
      )}
      {all.data && all.data.sites_count === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          You have no sites yet. <RouterLink to="/partner/sites/new">Add a site</RouterLink> to see its
          bookings here.
        </Alert>
      )}
      {siteId === null && pages > 1 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="body2">
            Sites {(page - 1) * 100 + 1}–{Math.min(page * 100, all.data?.sites_count ?? 0)} of{' '}
            {all.data?.sites_count}
          </Typography>
          <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous sites
          </Button>
          <Button size="small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next sites
          </Button>
        </Stack>
      )}

      <Paper variant="outlined" sx={{ p: { xs: 0.5, sm: 1.5 }, mb: 3 }}>
        <MonthCalendar
          month={month}
          events={data ? toEvents(data.entries, data.sites, siteId === null) : []}
          onSelect={(entry, siteName) => setSelected({ entry, siteName })}
        />
      </Paper>

      <Typography variant="h6" component="h2" gutterBottom>
        {monthTitle(month)} at a glance
      </Typography>
      {data && (
        <EntryList
          entries={data.entries}
          sites={data.sites}
          onRemove={refusal ? undefined : setToRemove}
          removingId={remove.isPending ? (toRemove?.id ?? null) : null}
        />
      )}

      <BlockDatesDialog
        open={blocking}
        onClose={() => setBlocking(false)}
        sites={sites}
        siteId={siteId}
        onBlocked={setNotice}
      />

      <Dialog open={!!selected && !toRemove} onClose={() => setSelected(null)} fullWidth maxWidth="xs">
        {selected && (
          <>
            <DialogTitle>
              <KindTag kind={selected.entry.kind} /> {selected.siteName}
            </DialogTitle>
            <DialogContent>
              <DialogContentText>
                {dayRange(selected.entry.start_date, selected.entry.end_date)} · {selected.entry.label}
              </DialogContentText>
            </DialogContent>
            <DialogActions>
              {selected.entry.kind === 'block' && (
                <Button color="error" onClick={() => setToRemove(selected.entry)}>
                  Remove block
                </Button>
              )}
              <Button onClick={() => setSelected(null)}>Close</Button>
            </DialogActions>
          </>
        )}
      </Dialog>

      <Dialog
        open={!!toRemove}
        onClose={() => !remove.isPending && setToRemove(null)}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle>Remove this block?</DialogTitle>
        <DialogContent>
          {remove.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {remove.error.message}
            </Alert>
          )}
          <DialogContentText>
            {toRemove && `${dayRange(toRemove.start_date, toRemove.end_date)} (${toRemove.label})`} becomes
            bookable by buyers again.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToRemove(null)} disabled={remove.isPending}>
            Keep it
          </Button>
          <Button color="error" variant="contained" onClick={confirmRemove} disabled={remove.isPending}>
            {remove.isPending ? 'Removing…' : 'Remove block'}
          </Button>
        </DialogActions>
      </Dialog>

      <Snackbar open={!!notice} autoHideDuration={5000} onClose={() => setNotice(null)} message={notice} />
    </Container>
  );
}
