import { ExpandMore } from '@mui/icons-material';
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface CheckoutSectionProps {
  id: string;
  title: string;
  /** A second line in the summary, e.g. who is signed in. */
  note?: string;
  expanded: boolean;
  disabled: boolean;
  onToggle(expanded: boolean): void;
  children: ReactNode;
}

/** One accordion of the checkout (docs/product-spec.md section 2): Login Details and the three profile sections. */
export function CheckoutSection({
  id,
  title,
  note,
  expanded,
  disabled,
  onToggle,
  children,
}: CheckoutSectionProps) {
  return (
    <Accordion
      expanded={expanded && !disabled}
      disabled={disabled}
      onChange={(_, open) => onToggle(open)}
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h2' } }}
      sx={{ '&:before': { display: 'none' }, borderRadius: 1, '&.Mui-disabled': { bgcolor: 'grey.50' } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMore />}
        aria-controls={`${id}-content`}
        id={`${id}-header`}
        sx={{ '& .MuiAccordionSummary-content': { flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 } }}
      >
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{title}</Typography>
        {note ? (
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
            {note}
          </Typography>
        ) : null}
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`}>{children}</AccordionDetails>
    </Accordion>
  );
}
