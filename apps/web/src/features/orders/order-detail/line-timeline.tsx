import { Box, Typography } from '@mui/material';
import { ORDER_LINE_STATUS_LABELS, type OrderLineDetail, type OrderLineStatus } from '@ooh/shared';
import { formatIstTime } from './order-format';

/** What usually comes next, shown greyed after the timeline (nothing once the line is done). */
const NEXT: Partial<Record<OrderLineStatus, OrderLineStatus>> = {
  scheduled: 'creative_submitted',
  creative_submitted: 'creative_approved',
  creative_rejected: 'creative_submitted',
  creative_approved: 'posted',
  posted: 'completed',
};

type Mark = 'done' | 'current' | 'error' | 'next';

const MARK_COLOUR: Record<Mark, string> = {
  done: 'primary.main',
  current: 'primary.main',
  error: 'error.main',
  next: 'grey.400',
};

/**
 * A line's status history (order_line_events) as a vertical timeline, newest last, times in IST: an ordered
 * list whose steps are joined by a line, each with its mark (done, current, failed, or what usually comes
 * next, greyed). Drawn with the list itself: MUI's Stepper brought five components and their icons to the
 * order page's first load (docs/decisions/058-first-load-under-200-kb.md).
 */
export function LineTimeline({ line }: { line: OrderLineDetail }) {
  const next = line.status === 'held' ? undefined : NEXT[line.status];
  const events = line.timeline.length
    ? line.timeline
    : line.status === 'held'
      ? []
      : [{ status: line.status, at: null as string | null, note: null as string | null }];
  const steps = [
    ...events.map((e, i) => ({
      ...e,
      label: ORDER_LINE_STATUS_LABELS[e.status],
      mark: (e.status === 'creative_rejected' || e.status === 'cancelled'
        ? 'error'
        : i < events.length - 1
          ? 'done'
          : 'current') as Mark,
    })),
    ...(next
      ? [
          {
            status: next,
            at: null,
            note: null,
            label: `Next: ${ORDER_LINE_STATUS_LABELS[next]}`,
            mark: 'next' as Mark,
          },
        ]
      : []),
  ];
  return (
    <Box component="ol" aria-label={`Status of ${line.product.name}`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {steps.map((step, i) => (
        <Box
          component="li"
          // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows; an index is its identity.
          key={i}
          aria-current={step.mark === 'current' ? 'step' : undefined}
          sx={{ position: 'relative', pl: 3.5, pb: i < steps.length - 1 ? 2 : 0 }}
        >
          {i < steps.length - 1 ? (
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                left: 7,
                top: 20,
                bottom: 2,
                borderLeft: 2,
                borderColor: 'grey.300',
              }}
            />
          ) : null}
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              left: 0,
              top: 2,
              width: 16,
              height: 16,
              borderRadius: '50%',
              border: 2,
              borderColor: MARK_COLOUR[step.mark],
              bgcolor:
                step.mark === 'done' || step.mark === 'error' ? MARK_COLOUR[step.mark] : 'background.paper',
            }}
          />
          <Typography
            variant="body2"
            color={step.mark === 'error' ? 'error' : step.mark === 'next' ? 'text.secondary' : 'text.primary'}
            sx={{ fontWeight: step.mark === 'current' ? 600 : 400 }}
          >
            {step.label}
          </Typography>
          {step.at ? (
            <Typography variant="caption" color="text.secondary" component="p">
              {formatIstTime(step.at)}
            </Typography>
          ) : null}
          {step.note ? (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {step.note}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
