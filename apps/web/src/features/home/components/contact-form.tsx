import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, FormControl, FormControlLabel, FormHelperText, Grid } from '@mui/material';
import {
  CONTACT_SUCCESS_MESSAGE,
  type ContactFormInput,
  type ContactFormValues,
  contactFormSchema,
} from '@ooh/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useActionData } from 'react-router';
import { useNotify } from '../../../components/notify';
import { TextInput } from '../../../components/text-input';
import { ApiError } from '../../../lib/api-client';
import { CONTACT_FIELDS, type ContactOutcome } from '../api/contact-action';
import { useSendContactMessage } from '../api/send-contact-message';

const EMPTY: ContactFormInput = {
  name: '',
  company_name: '',
  phone_number: '',
  email: '',
  message: '',
  consent: false,
};
const FIELDS = CONTACT_FIELDS;

/**
 * The contact form (docs/product-spec.md sections 2 and 5): name, company name, phone (10 digits), email, message and the
 * consent checkbox, all required. Errors show at the field; success shows the product spec's exact text.
 *
 * Rendered by the server and typed in before the scripts run (issue 44): every field is uncontrolled
 * (react-hook-form's `register`, no default values), so when the form hydrates it reads what the fields
 * already hold instead of writing empty defaults over it. The labels sit above the fields from the start,
 * since what floats them (focus, a value) is known only to the scripts. Sent before the scripts run, the
 * browser posts the fields to the home page's action (features/home/api/contact-action.ts), which answers
 * with the page: the success text, or what was typed with the errors at the fields (`outcome`). Once the
 * scripts run, they send it themselves and the outcome of a native send no longer shows.
 */
export function ContactForm() {
  const { notify } = useNotify();
  const send = useSendContactMessage();
  const form = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
  });
  const { errors } = form.formState;
  const sentNatively = useActionData<ContactOutcome>();
  const [scripted, setScripted] = useState(false);
  const outcome = scripted ? undefined : sentNatively;

  const handled = form.handleSubmit(async ({ consent: _consent, ...body }) => {
    try {
      await send.mutateAsync(body);
      form.reset(EMPTY);
      notify(CONTACT_SUCCESS_MESSAGE, 'success');
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      const known = FIELDS.filter((f) => fields?.[f]);
      for (const f of known) form.setError(f, { message: fields?.[f] });
      if (!known.length) notify((err as Error).message, 'error');
    }
  });

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setScripted(true);
    return handled(event);
  };

  const text = (name: (typeof FIELDS)[number]) => ({
    ...form.register(name),
    defaultValue: outcome?.values?.[name],
    error: Boolean(errors[name] ?? outcome?.errors?.[name]),
    helperText: errors[name]?.message ?? outcome?.errors?.[name],
    required: true,
    fullWidth: true,
  });
  const labelAbove = { shrink: true };
  const consent = form.register('consent');
  const consentError = errors.consent?.message ?? outcome?.errors?.consent;

  return (
    // `?index`: React Router sends a POST to the index route's action only when the address says so.
    <form method="post" action="/?index#contact" onSubmit={onSubmit} noValidate aria-label="Contact us">
      <Grid container spacing={2}>
        {outcome?.sent && (
          <Grid size={12}>
            <Alert severity="success" role="status">
              {CONTACT_SUCCESS_MESSAGE}
            </Alert>
          </Grid>
        )}
        {outcome?.message && (
          <Grid size={12}>
            <Alert severity="error">{outcome.message}</Alert>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput
            label="Name"
            autoComplete="name"
            slotProps={{ htmlInput: { maxLength: 100 }, inputLabel: labelAbove }}
            {...text('name')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput
            label="Company Name"
            autoComplete="organization"
            slotProps={{ htmlInput: { maxLength: 150 }, inputLabel: labelAbove }}
            {...text('company_name')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput
            label="Phone Number"
            type="tel"
            autoComplete="tel-national"
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 10, pattern: '[0-9]{10}' },
              inputLabel: labelAbove,
            }}
            {...text('phone_number')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            slotProps={{ htmlInput: { maxLength: 254 }, inputLabel: labelAbove }}
            {...text('email')}
          />
        </Grid>
        <Grid size={12}>
          <TextInput
            label="Message"
            multiline
            minRows={4}
            slotProps={{ htmlInput: { maxLength: 2000 }, inputLabel: labelAbove }}
            {...text('message')}
          />
        </Grid>
        <Grid size={12}>
          <FormControl error={Boolean(consentError)}>
            <FormControlLabel
              required
              control={
                <Checkbox
                  name={consent.name}
                  defaultChecked={outcome?.values?.consent}
                  onChange={consent.onChange}
                  onBlur={consent.onBlur}
                  slotProps={{
                    input: {
                      ref: consent.ref,
                      'aria-describedby': consentError ? 'consent-error' : undefined,
                    },
                  }}
                />
              }
              label="I agree to share my details with AdSpace India so that the team can contact me about my enquiry."
            />
            {consentError ? <FormHelperText id="consent-error">{consentError}</FormHelperText> : null}
          </FormControl>
        </Grid>
        <Grid size={12}>
          <Button type="submit" variant="contained" size="large" loading={send.isPending}>
            Send Message
          </Button>
        </Grid>
      </Grid>
    </form>
  );
}
