import type { InputBaseComponentProps } from '@mui/material/InputBase';
import { useActionData } from 'react-router';
import { SelectBox, selectLook } from '../../../components/choice-field';
import { TextInput, type TextInputProps } from '../../../components/text-input';
import type { AgencyOutcome } from '../agency-action';

/**
 * The answer of the action to this form (`formId`), if the last answer was for it; a form id ending in ":"
 * is any form of that kind (any member's Remove).
 */
export function useOutcomeOf(formId: string): AgencyOutcome | undefined {
  const outcome = useActionData<AgencyOutcome>();
  const mine = formId.endsWith(':') ? outcome?.form.startsWith(formId) : outcome?.form === formId;
  return mine ? outcome : undefined;
}

type Extra = Omit<TextInputProps, 'name' | 'label'>;

/**
 * A form's text fields, refilled with what was typed and carrying the API's message for each field after a
 * refusal (the action's outcome); empty again after a success.
 */
export function fieldsOf(outcome: AgencyOutcome | undefined, prefix: string) {
  const values = outcome && !outcome.ok ? (outcome.values ?? {}) : {};
  return (name: string, label: string, extra: Extra = {}) => {
    const message = outcome?.fields?.[name];
    return (
      <TextInput
        id={`${prefix}-${name}`}
        name={name}
        label={label}
        defaultValue={values[name] ?? extra.defaultValue ?? ''}
        error={Boolean(message)}
        helperText={message ?? extra.helperText}
        fullWidth
        size="small"
        {...extra}
      />
    );
  };
}

/**
 * The browser's own select inside a form, uncontrolled (what the visitor picks is what the form sends, before
 * the scripts ran or after), drawn as the house's outlined field (components/choice-field.tsx).
 */
export function FormSelect({
  name,
  label,
  choices,
  defaultValue,
  message,
  id,
  ...rest
}: Omit<TextInputProps, 'error'> & {
  name: string;
  id: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
  /** The API's message for this field. */
  message?: string;
}) {
  return (
    <TextInput
      id={id}
      name={name}
      label={label}
      defaultValue={defaultValue}
      error={Boolean(message)}
      helperText={message ?? rest.helperText}
      fullWidth
      size="small"
      {...rest}
      sx={{ ...selectLook, ...(rest.sx as object) }}
      slotProps={{
        inputLabel: { shrink: true },
        input: {
          notched: true,
          inputComponent: SelectBox as unknown as React.ElementType<InputBaseComponentProps>,
        },
        htmlInput: {
          children: choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          )),
        },
      }}
    />
  );
}
