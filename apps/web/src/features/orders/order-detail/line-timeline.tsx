import { Step, StepLabel, Stepper, Typography } from '@mui/material';
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

/** A line's status history (order_line_events) as a vertical stepper, newest last, times in IST. */
export function LineTimeline({ line }: { line: OrderLineDetail }) {
  const next = line.status === 'held' ? undefined : NEXT[line.status];
  const events = line.timeline.length
    ? line.timeline
    : line.status === 'held'
      ? []
      : [{ status: line.status, at: null as string | null, note: null as string | null }];
  return (
    <Stepper
      orientation="vertical"
      activeStep={events.length - 1}
      aria-label={`Status of ${line.product.name}`}
      component="ol"
      sx={{ pl: 0, m: 0, '& .MuiStep-root': { listStyle: 'none' } }}
    >
      {events.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows; an index is its identity.
        <Step key={i} completed={i < events.length - 1} component="li">
          <StepLabel
            error={e.status === 'creative_rejected' || e.status === 'cancelled'}
            optional={
              e.at || e.note ? (
                <>
                  {e.at ? (
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="span"
                      sx={{ display: 'block' }}
                    >
                      {formatIstTime(e.at)}
                    </Typography>
                  ) : null}
                  {e.note ? (
                    <Typography
                      variant="body2"
                      component="span"
                      sx={{ display: 'block', overflowWrap: 'anywhere' }}
                    >
                      {e.note}
                    </Typography>
                  ) : null}
                </>
              ) : undefined
            }
          >
            {ORDER_LINE_STATUS_LABELS[e.status]}
          </StepLabel>
        </Step>
      ))}
      {next ? (
        <Step key="next" disabled component="li">
          <StepLabel>
            <Typography variant="body2" color="text.secondary">
              Next: {ORDER_LINE_STATUS_LABELS[next]}
            </Typography>
          </StepLabel>
        </Step>
      ) : null}
    </Stepper>
  );
}
