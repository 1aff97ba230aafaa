import type { EventClickArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import FullCalendar from '@fullcalendar/react';
import { Box } from '@mui/material';
import type { CalendarEntry } from '@ooh/shared';
import type { CalendarEvent } from './calendar-entries';

/**
 * The month grid: FullCalendar's day grid (MIT), loaded with this page's chunk only. Our own toolbar moves
 * the month, so the grid is keyed by it and starts there.
 */
export function MonthCalendar({
  month,
  events,
  onSelect,
}: {
  month: string;
  events: CalendarEvent[];
  onSelect(entry: CalendarEntry, siteName: string): void;
}) {
  return (
    <Box
      sx={{
        '& .fc': { fontSize: { xs: 12, sm: 14 } },
        '& .fc .fc-daygrid-day-number': { color: 'text.primary', textDecoration: 'none', p: 0.5 },
        '& .fc .fc-col-header-cell-cushion': { color: 'text.secondary', textDecoration: 'none' },
        '& .fc .fc-event': { cursor: 'pointer' },
        '& .fc .fc-day-today': { bgcolor: 'action.hover' },
      }}
    >
      <FullCalendar
        key={month}
        plugins={[dayGridPlugin]}
        initialView="dayGridMonth"
        initialDate={`${month}-01`}
        headerToolbar={false}
        height="auto"
        firstDay={1}
        fixedWeekCount={false}
        dayMaxEvents={3}
        eventDisplay="block"
        events={events}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          const props = arg.event.extendedProps as CalendarEvent['extendedProps'];
          onSelect(props.entry, props.siteName);
        }}
      />
    </Box>
  );
}
