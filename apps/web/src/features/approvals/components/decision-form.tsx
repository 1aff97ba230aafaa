import { Button, Paper, Stack, Typography } from '@mui/material';
import { Form, useActionData, useNavigation } from 'react-router';
import { TextInput } from '../../../components/text-input';
import type { ApprovalOutcome } from '../approval-action';

/**
 * The approver's decision: their name (required), a comment, and Approve or Reject, each a submit button of
 * one plain form (the route's action), so it works before the scripts run.
 */
export function DecisionForm() {
  const outcome = useActionData<ApprovalOutcome>();
  const busy = useNavigation().state === 'submitting';
  const fields = outcome?.fields ?? {};
  return (
    <Paper variant="outlined" component="section" aria-labelledby="decision-heading" sx={{ p: 2.5, mt: 4 }}>
      <Typography id="decision-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Your decision
      </Typography>
      <Form method="post" key={outcome?.id}>
        <Stack spacing={2}>
          <TextInput
            name="name"
            label="Your name"
            required
            autoComplete="name"
            defaultValue={outcome?.values?.name ?? ''}
            error={Boolean(fields.name)}
            helperText={fields.name ?? 'Recorded with your decision; the agency sees it.'}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextInput
            name="comment"
            label="Comment (optional)"
            multiline
            rows={3}
            defaultValue={outcome?.values?.comment ?? ''}
            error={Boolean(fields.comment)}
            helperText={fields.comment}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button type="submit" name="decision" value="approve" variant="contained" disabled={busy}>
              Approve
            </Button>
            <Button
              type="submit"
              name="decision"
              value="reject"
              variant="outlined"
              color="error"
              disabled={busy}
            >
              Reject
            </Button>
          </Stack>
        </Stack>
      </Form>
    </Paper>
  );
}
