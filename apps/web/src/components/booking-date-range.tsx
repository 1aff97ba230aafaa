import { Box, Skeleton, Stack } from '@mui/material';
import { lazy, type Ref, Suspense } from 'react';
import { ClientOnly } from '../lib/use-hydrated';
import { useNearViewport } from '../lib/use-near-viewport';
import type { BookingDateRangeProps } from './booking-date-range-pickers';

export type { BookingDateRangeProps, BookingRange } from './booking-date-range-pickers';

// The date pickers are the largest part of every page that shows them; they load in parallel with the
// page's data instead of delaying its first paint.
const Pickers = lazy(() => import('./booking-date-range-pickers'));

/**
 * A start and an end date picker with the site's booking rules (docs/product-spec.md section 4).
 *
 * Not in the server-rendered page (see ContactSection): the pickers draw once the page has hydrated, and
 * only as they come near the screen. A campaign of eleven places has 22 pickers, each a few dozen
 * components; drawn all at once they were the campaign page's longest task on a slow phone.
 */
export function BookingDateRange(props: BookingDateRangeProps) {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return (
    <ClientOnly fallback={<PickersPlaceholder {...props} />}>
      {near ? (
        <Suspense fallback={<PickersPlaceholder {...props} />}>
          <Pickers {...props} />
        </Suspense>
      ) : (
        <PickersPlaceholder {...props} ref={ref} />
      )}
    </ClientOnly>
  );
}

/** Two field-sized placeholders, so nothing moves when the pickers arrive. */
function PickersPlaceholder({
  size = 'small',
  direction,
  showSummary,
  ref,
}: BookingDateRangeProps & { ref?: Ref<HTMLDivElement> }) {
  const height = size === 'small' ? 40 : 56;
  return (
    <Box aria-busy="true" ref={ref}>
      <Stack direction={{ xs: 'column', sm: direction ?? 'row' }} spacing={1.5}>
        {/* flex: 1 only side by side: stacked, a zero flex basis would fold each to no height. */}
        <Skeleton variant="rounded" height={height} sx={{ flex: { sm: 1 }, flexShrink: 0, minWidth: 150 }} />
        <Skeleton variant="rounded" height={height} sx={{ flex: { sm: 1 }, flexShrink: 0, minWidth: 150 }} />
      </Stack>
      {showSummary ? <Skeleton variant="text" width={160} sx={{ mt: 1 }} /> : null}
    </Box>
  );
}
