import type { ReactNode } from 'react';
import { Form } from 'react-router';

/**
 * One holds button as a form posting to its page's route action (lib/holds/hold-action.ts), so it works
 * before the page's scripts run and with them off; once they run, `onSend` calls the API from the browser
 * instead (the form's submit is prevented, so React Router does not send it), with the same results.
 * `fields`: the hidden values the action reads (hold_id, or product_id and the dates; product_name for its
 * words). Used by My Orders, Holds and the campaign page's lines.
 */
export function HoldForm({
  action,
  fields,
  onSend,
  children,
}: {
  action: string;
  fields: Record<string, string | number>;
  onSend: () => void;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}
