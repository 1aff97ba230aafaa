import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, FormControl, FormControlLabel, FormHelperText, Grid } from '@mui/material';
import {
  CONTACT_SUCCESS_MESSAGE,
  type ContactFormInput,
  type ContactFormValues,
  contactFormSchema,
} from '@ooh/shared';
import { useForm } from 'react-hook-form';
import { useNotify } from '../../../components/notify';
import { TextInput } from '../../../components/text-input';
import { ApiError } from '../../../lib/api-client';
import { useSendContactMessage } from '../api/send-contact-message';

const EMPTY: ContactFormInput = {
  name: '',
  company_name: '',
  phone_number: '',
  email: '',
  message: '',
  consent: false,
};
const FIELDS = ['name', 'company_name', 'phone_number', 'email', 'message'] as const;

/**
 * The contact form (docs/product-spec.md sections 2 and 5): name, company name, phone (10 digits), email, message and the
 * consent checkbox, all required. Errors show at the field; success shows the product spec's exact text.
 *
 * Rendered by the server and typed in before the scripts run (issue 44): every field is uncontrolled
 * (react-hook-form's `register`, no default values), so when the form hydrates it reads what the fields
 * already hold instead of writing empty defaults over it. The labels sit above the fields from the start,
 * since what floats them (focus, a value) is known only to the scripts. Without scripts the form cannot be
 * sent (the API takes JSON); `method="post"` keeps a native submit from putting the details in the address.
 */
export function ContactForm() {
  const { notify } = useNotify();
  const send = useSendContactMessage();
  const form = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ consent: _consent, ...body }) => {
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

  const text = (name: (typeof FIELDS)[number]) => ({
    ...form.register(name),
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
    required: true,
    fullWidth: true,
  });
  const labelAbove = { shrink: true };
  const consent = form.register('consent');

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Contact us">
      <Grid container spacing={2}>
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
          <FormControl error={Boolean(errors.consent)}>
            <FormControlLabel
              required
              control={
                <Checkbox
                  name={consent.name}
                  onChange={consent.onChange}
                  onBlur={consent.onBlur}
                  slotProps={{
                    input: {
                      ref: consent.ref,
                      'aria-describedby': errors.consent ? 'consent-error' : undefined,
                    },
                  }}
                />
              }
              label="I agree to share my details with AdSpace India so that the team can contact me about my enquiry."
            />
            {errors.consent ? (
              <FormHelperText id="consent-error">{errors.consent.message}</FormHelperText>
            ) : null}
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
