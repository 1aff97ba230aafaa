import { zodResolver } from '@hookform/resolvers/zod';
import { MyLocation } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Grid, InputAdornment, Paper, Typography } from '@mui/material';
import { formatCount, type SiteFields, siteFieldsSchema } from '@ooh/shared';
import { lazy, Suspense, useCallback, useState } from 'react';
import { type Control, type Resolver, useController, useForm } from 'react-hook-form';
import { ChoiceField } from '../../../components/choice-field';
import { TextInput } from '../../../components/text-input';
import { ClientOnly } from '../../../lib/use-hydrated';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { applyServerFieldErrors, saveErrorMessage } from '../../lib/server-field-errors';
import type { ReferencePoint } from './location/location-map';
import { DistanceCheck, PlaceFinder } from './location/place-finder';
import { useCurrentLocation } from './location/use-current-location';
import { SITE_SECTIONS, type SiteFieldMeta } from './site-form-fields';
import { SITE_FIELD_ORDER, type SiteFieldName, type SiteFormValues, withoutBlanks } from './site-form-values';

// Leaflet and its CSS load with this screen only, after the form is on screen.
const LocationMap = lazy(() => import('./location/location-map'));
const MAP_PLACE = <Box sx={{ height: { xs: 280, sm: 360 }, bgcolor: '#eef2f7', borderRadius: 1 }} />;

const schemaResolver = zodResolver(siteFieldsSchema);
/** The shared rules on the typed text, blanks read as absent (see withoutBlanks). */
export const siteFormResolver: Resolver<SiteFormValues, unknown, SiteFields> = (values, context, options) =>
  schemaResolver(withoutBlanks(values) as never, context, options as never) as never;

function SiteField({
  meta,
  control,
  readOnly = false,
}: {
  meta: SiteFieldMeta;
  control: Control<SiteFormValues, unknown, SiteFields>;
  readOnly?: boolean;
}) {
  const { field, fieldState } = useController({ name: meta.name, control });
  const error = fieldState.error?.message;
  const { ref, ...rest } = field;
  if (meta.options)
    return (
      <ChoiceField
        {...rest}
        id={`site-${meta.name}`}
        label={meta.label}
        required={meta.required}
        fullWidth
        // A choice has no read-only state of its own: disabled, it still reads its value.
        disabled={readOnly}
        error={Boolean(error)}
        helperText={error ?? (readOnly ? ' ' : (meta.helper ?? ' '))}
        choices={[{ value: '', label: 'Choose…', disabled: true }, ...meta.options]}
      />
    );
  return (
    <TextInput
      {...rest}
      // The ref goes to the input itself, so setFocus (a server's field error, a failed check) reaches it.
      inputRef={ref}
      id={`site-${meta.name}`}
      label={meta.label}
      required={meta.required}
      multiline={meta.multiline}
      minRows={meta.multiline ? 3 : undefined}
      fullWidth
      error={Boolean(error)}
      helperText={error ?? (readOnly ? ' ' : (meta.helper ?? ' '))}
      slotProps={{
        htmlInput: {
          // Read-only, not disabled: the text stays readable, focusable and copyable.
          readOnly,
          inputMode: meta.inputMode,
          style: meta.upper ? { textTransform: 'uppercase' } : undefined,
        },
        input: {
          startAdornment: meta.prefix ? (
            <InputAdornment position="start">{meta.prefix}</InputAdornment>
          ) : undefined,
          endAdornment: meta.unit ? <InputAdornment position="end">{meta.unit}</InputAdornment> : undefined,
        },
      }}
    />
  );
}

export interface SiteFormProps {
  defaultValues: SiteFormValues;
  /** The owner's other sites, shown on the map for reference. */
  others: ReferencePoint[];
  submitLabel: string;
  /** Hint under the button (e.g. that a live site's name and location changes go to review). */
  note?: string;
  onSave(body: SiteFields, dirty: Partial<Record<SiteFieldName, boolean>>): Promise<unknown>;
  /**
   * Why this member cannot change the site (a field member, a suspended owner; DESIGN 7): the form reads
   * the site with nothing to edit or save, instead of an editable form that fails only on Save.
   */
  readOnly?: string;
}

/** Every field of siteFieldsSchema with its own message; the location typed, from the device, or on the map. */
export function SiteForm({ defaultValues, others, submitLabel, note, onSave, readOnly }: SiteFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const ro = readOnly !== undefined;
  /** Bumped when a found place sets the pin: the map zooms in on it. */
  const [mapFocus, setMapFocus] = useState(0);
  const form = useForm<SiteFormValues, unknown, SiteFields>({
    resolver: siteFormResolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, handleSubmit, setError, setFocus, setValue, watch, formState } = form;
  const { isSubmitting, isDirty } = formState;
  // A half-edited site is never dropped without asking (menu, Back, reload).
  useUnsavedChanges(isDirty && !isSubmitting);

  const setPoint = useCallback(
    (lat: number, lng: number) => {
      const opts = { shouldDirty: true, shouldValidate: true } as const;
      setValue('latitude', String(lat), opts);
      setValue('longitude', String(lng), opts);
    },
    [setValue],
  );
  const { state: locate, locate: useMyLocation } = useCurrentLocation(setPoint);
  const lat = Number(watch('latitude'));
  const lng = Number(watch('longitude'));
  const point: [number, number] | null =
    watch('latitude').trim() && watch('longitude').trim() && Number.isFinite(lat) && Number.isFinite(lng)
      ? [lat, lng]
      : null;

  const send = handleSubmit(
    async (body) => {
      setFormError(null);
      try {
        await onSave(body, formState.dirtyFields as Partial<Record<SiteFieldName, boolean>>);
      } catch (err) {
        const placed = applyServerFieldErrors(err, SITE_FIELD_ORDER, setError);
        if (placed[0]) setFocus(placed[0] as SiteFieldName);
        setFormError(
          placed.length
            ? 'Please correct the marked fields.'
            : saveErrorMessage(err, 'We could not save the site. Please try again.'),
        );
      }
    },
    () => setFormError('Please correct the marked fields.'),
  );

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={(e) => {
        if (ro) e.preventDefault();
        else void send(e);
      }}
      aria-label={ro ? 'Site details (read only)' : undefined}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      {ro ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {readOnly}
        </Alert>
      ) : null}
      {SITE_SECTIONS.map((section, index) => (
        <Box component="fieldset" key={section.title} sx={{ border: 0, p: 0, m: 0, mt: index ? 3 : 0 }}>
          <Typography component="legend" variant="h6" sx={{ mb: 2, p: 0 }}>
            {section.title}
          </Typography>
          <Grid container spacing={2}>
            {section.fields.map((meta) => (
              <Grid key={meta.name} size={{ xs: meta.sm && meta.sm < 6 ? 6 : 12, sm: meta.sm ?? 12 }}>
                <SiteField meta={meta} control={control} readOnly={ro} />
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
        <Typography component="legend" variant="h6" sx={{ mb: 1, p: 0 }}>
          Location on the map
        </Typography>
        {ro ? null : (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Standing at the site? Use your phone's location. Otherwise type the coordinates or click the map.
          </Typography>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, sm: 4 }}>
            <SiteField
              meta={{
                name: 'latitude',
                label: 'Latitude',
                required: true,
                inputMode: 'decimal',
                helper: 'e.g. 17.4126',
              }}
              control={control}
              readOnly={ro}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <SiteField
              meta={{
                name: 'longitude',
                label: 'Longitude',
                required: true,
                inputMode: 'decimal',
                helper: 'e.g. 78.4482',
              }}
              control={control}
              readOnly={ro}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }} sx={{ display: ro ? 'none' : undefined }}>
            <Button
              variant="outlined"
              fullWidth
              onClick={useMyLocation}
              disabled={locate.kind === 'locating'}
              startIcon={
                locate.kind === 'locating' ? <CircularProgress size={18} aria-hidden /> : <MyLocation />
              }
              sx={{ minHeight: 56 }}
            >
              {locate.kind === 'locating' ? 'Finding your location…' : 'Use my current location'}
            </Button>
          </Grid>
        </Grid>
        <Box aria-live="polite" sx={{ mb: 1 }}>
          {locate.kind === 'found' ? (
            <Alert severity={locate.accuracyM > 100 ? 'warning' : 'success'} sx={{ mb: 1 }}>
              Location set, accurate to about {formatCount(locate.accuracyM)} m.
              {locate.accuracyM > 100
                ? ' Check the point on the map, or move to open sky and try again.'
                : ''}
            </Alert>
          ) : locate.kind === 'error' ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {locate.message}
            </Alert>
          ) : null}
        </Box>
        {ro ? null : (
          <PlaceFinder
            city={watch('city')}
            pin={watch('pin_code')}
            point={point}
            onKept={() => setMapFocus((n) => n + 1)}
            onFound={(lat, lng) => {
              setPoint(lat, lng);
              setMapFocus((n) => n + 1);
            }}
          />
        )}
        {/* Leaflet needs a window: the server and hydration draw the map's place, the browser the map. */}
        <ClientOnly fallback={MAP_PLACE}>
          <Suspense fallback={MAP_PLACE}>
            <LocationMap point={point} others={others} onPick={ro ? undefined : setPoint} focus={mapFocus} />
          </Suspense>
        </ClientOnly>
        {ro ? null : (
          <>
            <DistanceCheck point={point} city={watch('city')} pin={watch('pin_code').trim()} />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              The map shows your other sites (grey dots); click or tap to set this site's point, or drag the
              pin.
            </Typography>
          </>
        )}
      </Box>
      {formError ? (
        <Alert severity="error" sx={{ mt: 3 }} role="alert">
          {formError}
        </Alert>
      ) : null}
      <Box sx={{ mt: 3, display: ro ? 'none' : 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
        {note ? (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        ) : null}
        {isDirty && !isSubmitting ? (
          <Typography variant="body2" color="warning.dark" role="status">
            Unsaved changes
          </Typography>
        ) : null}
      </Box>
    </Paper>
  );
}
