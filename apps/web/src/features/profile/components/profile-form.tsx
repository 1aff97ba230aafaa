import { zodResolver } from '@hookform/resolvers/zod';
import { Edit } from '@mui/icons-material';
import { Alert, Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { type User, type UserUpdateBody, userUpdateBodySchema } from '@ooh/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useNotify } from '../../../components/notify';
import {
  PROFILE_SECTIONS,
  type ProfileFieldName,
  type ProfileFormValues,
  ProfileSectionFields,
  sectionOf,
  toProfileFormValues,
} from '../../../components/profile-fields';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useUpdateUserMutation } from '../../../lib/user/update-user';

const tabIndexOf = (field: string) => PROFILE_SECTIONS.findIndex((s) => s.id === sectionOf(field));

/**
 * Profile tabs (docs/product-spec.md section 2): read-only until Edit; switching tabs locks them again; "Save Changes"
 * sends every field. Values typed in one tab are kept while moving to another, so a new user can fill all
 * three tabs and save once. Kept edits never look saved: each changed field says "not saved yet", its tab
 * is marked, a warning names the tabs, Save Changes and Cancel stay, and leaving the page asks first.
 * A save with a problem in another tab opens that tab, unlocked, at the field.
 */
export function ProfileForm({ user }: { user: User }) {
  const [tab, setTab] = useState(0);
  const [editing, setEditing] = useState(false);
  const [focusField, setFocusField] = useState<ProfileFieldName | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { notify } = useNotify();
  const { saveUser } = useAuth();
  const mutation = useUpdateUserMutation();
  const form = useForm<ProfileFormValues, unknown, UserUpdateBody>({
    // The schema's input is looser than the form's strings (it also takes null); its output is the body.
    resolver: zodResolver(userUpdateBodySchema) as never,
    defaultValues: toProfileFormValues(user),
    // Checked on save, then as the user corrects: checking on blur moved the Save button under the pointer
    // (a message appears as the field loses focus), and the click was lost.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, reset, setError, setFocus, formState } = form;

  // Focus once the tab holding the field is on screen.
  useEffect(() => {
    if (!focusField) return;
    setFocus(focusField);
    setFocusField(null);
  }, [focusField, setFocus]);

  const showField = (field: string) => {
    const index = tabIndexOf(field);
    if (index < 0) return;
    setTab(index);
    setEditing(true);
    setFocusField(field as ProfileFieldName);
  };

  const onValid = async (body: UserUpdateBody) => {
    setFormError(null);
    try {
      const { data } = await mutation.mutateAsync(body);
      reset(toProfileFormValues(data));
      setEditing(false);
      saveUser(data);
      notify('Your profile has been saved.', 'success');
    } catch (err) {
      // The sign-in-again dialog was closed without signing in: the form stays as typed, to save later.
      if (err instanceof ApiError && err.status === 401) {
        setFormError('Your session has ended. Sign in again to save: what you typed is kept.');
        return;
      }
      if (err instanceof ApiError && err.fields) {
        const names = Object.keys(err.fields).filter((name) => sectionOf(name));
        for (const name of names) setError(name as ProfileFieldName, { message: err.fields[name] });
        if (names[0]) showField(names[0]);
      }
      setFormError(err instanceof Error ? err.message : 'We could not save your profile. Please try again.');
    }
  };

  const onInvalid = (errors: FieldErrors<ProfileFormValues>) => {
    const first = PROFILE_SECTIONS.flatMap((s) => s.fields.map((f) => f.name)).find((name) => errors[name]);
    if (first) showField(first);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void handleSubmit(onValid, onInvalid)(event);
  };

  const cancel = () => {
    reset(toProfileFormValues(user));
    setEditing(false);
    setFormError(null);
  };

  const unsaved = formState.isDirty;
  const { dirtyFields } = formState;
  const unsavedSections = PROFILE_SECTIONS.filter((section) =>
    section.fields.some((f) => dirtyFields[f.name]),
  );
  // Leaving (a link, Back, closing the tab) asks first; a session ended elsewhere keeps the page
  // (lib/auth/use-kept-session.ts), both through the app's one unsaved-changes guard.
  useUnsavedChanges(unsaved);
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ overflow: 'hidden' }}>
      <Tabs
        value={tab}
        onChange={(_, next: number) => {
          // Switching tabs locks the fields again (docs/product-spec.md section 2).
          setTab(next);
          setEditing(false);
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Profile sections"
        sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 2 } }}
      >
        {PROFILE_SECTIONS.map((section) => (
          <Tab
            key={section.id}
            label={
              unsavedSections.includes(section) ? (
                <span>
                  {section.title}
                  <Box component="span" aria-hidden sx={{ color: 'warning.main', ml: 0.75 }}>
                    ●
                  </Box>
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    (unsaved changes)
                  </Box>
                </span>
              ) : (
                section.title
              )
            }
            id={`profile-tab-${section.id}`}
            aria-controls={`profile-panel-${section.id}`}
          />
        ))}
      </Tabs>
      {PROFILE_SECTIONS.map((section, index) => (
        <Box
          key={section.id}
          role="tabpanel"
          id={`profile-panel-${section.id}`}
          aria-labelledby={`profile-tab-${section.id}`}
          hidden={tab !== index}
          sx={{ p: { xs: 2, sm: 4 } }}
        >
          {/* Every panel stays mounted (only hidden) so each field stays registered with its value and error. */}
          <Stack
            direction="row"
            sx={{ mb: 3, gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
          >
            <Typography variant="h6" component="h2">
              {section.title}
            </Typography>
            {editing ? null : (
              <Button variant="outlined" startIcon={<Edit />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
          </Stack>
          {formError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          {!editing && unsaved ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Your changes to {listOf(unsavedSections.map((s) => s.title))} are not saved yet. Press Save
              Changes to keep them, or Cancel to go back to your saved profile.
            </Alert>
          ) : null}
          <ProfileSectionFields
            section={section}
            register={register}
            errors={formState.errors}
            readOnly={!editing}
            unsaved={dirtyFields}
            defaults={formState.defaultValues as ProfileFormValues}
          />
        </Box>
      ))}
      {editing || unsaved ? (
        <Stack
          direction="row"
          spacing={2}
          sx={{ justifyContent: 'flex-end', px: { xs: 2, sm: 4 }, pb: { xs: 2, sm: 4 } }}
        >
          <Button onClick={cancel} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving…' : 'Save Changes'}
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  // Strings: in sx a bare 1 means 100%, a hidden box as wide as its container plus padding.
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
