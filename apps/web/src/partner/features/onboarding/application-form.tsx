import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Grid, Paper, Typography } from '@mui/material';
import { type PartnerApplicationBody, partnerApplicationBodySchema } from '@ooh/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextInput } from '../../../components/text-input';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { applyServerFieldErrors, saveErrorMessage } from '../../lib/server-field-errors';
import {
  APPLICATION_FIELD_NAMES,
  APPLICATION_SECTIONS,
  type ApplicationFieldName,
  emptyApplication,
} from './application-fields';

type Values = Record<ApplicationFieldName, string>;

/**
 * The media owner application (docs/product-rules.md section 7): every field checked with the shared schema (GSTIN
 * check digit, PAN inside the GSTIN, IFSC, account number), the server's field messages put on their
 * fields, and the button off while sending so a double click sends once.
 */
export function ApplicationForm({
  defaultPhone,
  onSubmit,
}: {
  defaultPhone?: string;
  onSubmit(body: PartnerApplicationBody): Promise<unknown>;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<
    Values,
    unknown,
    PartnerApplicationBody
  >({
    resolver: zodResolver(partnerApplicationBodySchema) as never,
    defaultValues: emptyApplication(defaultPhone),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting, isDirty } = formState;
  useUnsavedChanges(isDirty && !isSubmitting);

  const send = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await onSubmit(body);
    } catch (err) {
      const placed = applyServerFieldErrors(err, APPLICATION_FIELD_NAMES, setError);
      if (placed[0]) setFocus(placed[0] as ApplicationFieldName);
      setFormError(
        placed.length
          ? 'Please correct the marked fields.'
          : saveErrorMessage(err, 'We could not send your application. Please try again.'),
      );
    }
  });

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={(e) => void send(e)}
      sx={{ p: { xs: 2, sm: 4 } }}
    >
      {APPLICATION_SECTIONS.map((section, index) => (
        <Box component="fieldset" key={section.title} sx={{ border: 0, p: 0, m: 0, mt: index ? 4 : 0 }}>
          <Typography component="legend" variant="h6" sx={{ mb: 2, p: 0 }}>
            {section.title}
          </Typography>
          <Grid container spacing={2}>
            {section.fields.map((field) => {
              const error = errors[field.name]?.message;
              return (
                <Grid key={field.name} size={{ xs: 12, sm: field.half ? 6 : 12 }}>
                  <TextInput
                    {...register(field.name)}
                    id={`apply-${field.name}`}
                    label={field.label}
                    required={!field.optional}
                    fullWidth
                    autoComplete={field.autoComplete}
                    type={field.type}
                    error={Boolean(error)}
                    helperText={error ?? field.helper ?? ' '}
                    slotProps={{
                      htmlInput: {
                        inputMode: field.inputMode,
                        spellCheck: false,
                        style: field.upper ? { textTransform: 'uppercase' } : undefined,
                      },
                    }}
                  />
                </Grid>
              );
            })}
          </Grid>
        </Box>
      ))}
      {formError ? (
        <Alert severity="error" sx={{ mt: 3 }} role="alert">
          {formError}
        </Alert>
      ) : null}
      <Box sx={{ mt: 3, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {isSubmitting ? 'Sending…' : 'Send application'}
        </Button>
        <Typography variant="body2" color="text.secondary">
          We review applications within 2 working days.
        </Typography>
      </Box>
    </Paper>
  );
}
