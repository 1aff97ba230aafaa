import { AssessmentOutlined } from '@mui/icons-material';
import { Button } from '@mui/material';
import type { OrderDetail } from '@ooh/shared';

/**
 * The post-campaign report (decision 091) once a line of the order has completed: a plain link, so it
 * works before the page's script has loaded (the session cookie signs the request in).
 */
export function ReportLink({ order }: { order: Pick<OrderDetail, 'report_url' | 'order_id'> }) {
  if (!order.report_url) return null;
  return (
    <Button
      variant="outlined"
      component="a"
      href={order.report_url}
      download={`campaign-report-${order.order_id}.pdf`}
      startIcon={<AssessmentOutlined />}
      data-testid="campaign-report"
    >
      Campaign report (PDF)
    </Button>
  );
}
