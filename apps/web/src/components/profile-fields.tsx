import { Box, InputAdornment } from '@mui/material';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import { BILLING_STATE_NAMES, COUNTRY_PREFIX, gstStateOf, type User } from '@ooh/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SelectBox, selectLook } from './choice-field';
import { TextInput } from './text-input';

/** The profile form's values: every field as the text the user sees (docs/product-spec.md section 3, User profile). */
export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  company: string;
  company_type: string;
  gst: string;
  pan: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  state: string;
  pin: string;
}

export type ProfileFieldName = keyof ProfileFormValues;

interface FieldMeta {
  name: ProfileFieldName;
  label: string;
  /** docs/product-spec.md section 5: optional fields are labelled "(Optional)". */
  optional?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  maxLength?: number;
  type?: string;
  /** Half width on larger screens. */
  half?: boolean;
  /** A choice of these values (the browser's own select) while the form is editable. */
  choices?: readonly string[];
}

export interface ProfileSection {
  id: 'basic' | 'company' | 'address';
  title: string;
  fields: FieldMeta[];
}

/** The three sections shared by the profile tabs and the checkout accordions (docs/product-spec.md section 2). */
export const PROFILE_SECTIONS: ProfileSection[] = [
  {
    id: 'basic',
    title: 'Basic Details',
    fields: [
      { name: 'first_name', label: 'First Name', autoComplete: 'given-name', half: true },
      { name: 'last_name', label: 'Last Name', autoComplete: 'family-name', half: true },
      { name: 'phone_number', label: 'Phone Number', half: true },
      {
        name: 'email',
        label: 'Email',
        optional: true,
        autoComplete: 'email',
        inputMode: 'email',
        type: 'email',
        half: true,
      },
    ],
  },
  {
    id: 'company',
    title: 'Company Details',
    fields: [
      { name: 'company', label: 'Company Name', autoComplete: 'organization', half: true },
      { name: 'company_type', label: 'Company Type', optional: true, half: true },
      { name: 'gst', label: 'GSTIN', optional: true, maxLength: 15, half: true },
      { name: 'pan', label: 'Company PAN', optional: true, maxLength: 10, half: true },
    ],
  },
  {
    id: 'address',
    title: 'Address/Billing Details',
    fields: [
      { name: 'address_line_1', label: 'Address Line 1', autoComplete: 'address-line1' },
      { name: 'address_line_2', label: 'Address Line 2', optional: true, autoComplete: 'address-line2' },
      { name: 'city', label: 'City', autoComplete: 'address-level2', half: true },
      {
        name: 'state',
        label: 'State',
        autoComplete: 'address-level1',
        half: true,
        choices: BILLING_STATE_NAMES,
      },
      {
        name: 'pin',
        label: 'PIN Code',
        autoComplete: 'postal-code',
        inputMode: 'numeric',
        maxLength: 6,
        half: true,
      },
    ],
  },
];

/** Which section holds a field: to show the tab or accordion of the first error. */
export function sectionOf(field: string): ProfileSection['id'] | undefined {
  return PROFILE_SECTIONS.find((section) => section.fields.some((f) => f.name === field))?.id;
}

export function toProfileFormValues(user: Partial<User> | null | undefined): ProfileFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    first_name: text(user?.first_name),
    last_name: text(user?.last_name),
    phone_number: text(user?.phone_number),
    email: text(user?.email),
    company: text(user?.company),
    company_type: text(user?.company_type),
    gst: text(user?.gst),
    pan: text(user?.pan),
    address_line_1: text(user?.address_line_1),
    address_line_2: text(user?.address_line_2),
    city: text(user?.city),
    // A State saved before it was a choice ("Maharastra") is no choice: the select asks for one.
    state: user?.state ? (gstStateOf(user.state)?.name ?? '') : '',
    pin: text(user?.pin),
  };
}

interface ProfileSectionFieldsProps {
  section: ProfileSection;
  register: UseFormRegister<ProfileFormValues>;
  errors: FieldErrors<ProfileFormValues>;
  /** Read-only until Edit is pressed (docs/product-spec.md section 2, Profile). The phone number is always read-only. */
  readOnly: boolean;
  /** Fields changed since the last save: marked, so a locked field never looks saved when it is not. */
  unsaved?: Partial<Record<ProfileFieldName, boolean>>;
  /** The saved values, written into the HTML too, so a page rendered on the server shows them before it hydrates. */
  defaults?: ProfileFormValues;
}

export const NOT_SAVED_YET = 'Changed, not saved yet';

/** The inputs of one section, with errors at the field. */
export function ProfileSectionFields({
  section,
  register,
  errors,
  readOnly,
  unsaved,
  defaults,
}: ProfileSectionFieldsProps) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
      {section.fields.map((field) => {
        const locked = readOnly || field.name === 'phone_number';
        const { ref, ...registered } = register(field.name);
        const error = errors[field.name]?.message;
        const changed = Boolean(unsaved?.[field.name]);
        const choose = field.choices && !locked;
        return (
          <TextInput
            key={field.name}
            {...registered}
            inputRef={ref}
            defaultValue={defaults?.[field.name]}
            id={`profile-${field.name}`}
            label={field.optional ? `${field.label} (Optional)` : field.label}
            required={!field.optional}
            type={choose ? undefined : (field.type ?? 'text')}
            error={Boolean(error)}
            helperText={error ?? (changed ? NOT_SAVED_YET : undefined)}
            fullWidth
            sx={{
              gridColumn: field.half ? undefined : '1 / -1',
              '& .MuiInputBase-root': locked ? { bgcolor: 'grey.100' } : undefined,
              '& .MuiOutlinedInput-notchedOutline':
                changed && !error ? { borderColor: 'warning.main', borderWidth: 2 } : undefined,
              ...(choose ? selectLook : undefined),
            }}
            slotProps={{
              ...(choose ? { inputLabel: { shrink: true } } : undefined),
              input: {
                ...(choose
                  ? {
                      notched: true,
                      inputComponent: SelectBox as unknown as React.ElementType<InputBaseComponentProps>,
                    }
                  : undefined),
                readOnly: locked,
                startAdornment:
                  field.name === 'phone_number' ? (
                    <InputAdornment position="start">{COUNTRY_PREFIX}</InputAdornment>
                  ) : undefined,
              },
              htmlInput: {
                inputMode: field.inputMode,
                maxLength: field.maxLength,
                autoComplete: field.autoComplete,
                'aria-readonly': locked || undefined,
                ...(choose
                  ? {
                      children: [
                        <option key="" value="">
                          Choose a state or union territory
                        </option>,
                        ...(field.choices ?? []).map((choice) => (
                          <option key={choice} value={choice}>
                            {choice}
                          </option>
                        )),
                      ],
                    }
                  : undefined),
              },
            }}
          />
        );
      })}
    </Box>
  );
}
