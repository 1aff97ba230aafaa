import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { forwardRef, type ReactNode, useId } from 'react';

/** What TextInput passes to its parts, under the names MUI's TextField gives them. */
export interface TextInputSlotProps {
  input?: Partial<OutlinedInputProps>;
  htmlInput?: OutlinedInputProps['inputProps'];
  inputLabel?: Partial<InputLabelProps>;
  formHelperText?: Partial<FormHelperTextProps>;
}

export interface TextInputProps
  extends Omit<
    FormControlProps,
    'onChange' | 'onBlur' | 'onFocus' | 'children' | 'variant' | 'ref' | 'defaultValue'
  > {
  label?: ReactNode;
  helperText?: ReactNode;
  value?: unknown;
  defaultValue?: unknown;
  name?: string;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  multiline?: boolean;
  rows?: number;
  minRows?: number;
  maxRows?: number;
  inputRef?: React.Ref<HTMLInputElement | HTMLTextAreaElement>;
  onChange?: React.ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: React.FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onFocus?: React.FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  slotProps?: TextInputSlotProps;
}

/**
 * The house's text field: MUI's outlined TextField, with the same props and markup, without its `select`
 * mode. MUI's TextField imports Select, and through it Menu, Popover, Modal and the focus trap: ~22 KB
 * (brotli) that every page with a search box or a date field downloaded and ran for a menu it never opened
 * (docs/decisions/058). A list of choices is a ChoiceField (components/choice-field.tsx).
 */
export const TextInput = forwardRef<HTMLDivElement, TextInputProps>(function TextInput(
  {
    label,
    helperText,
    id: idOverride,
    value,
    defaultValue,
    name,
    type,
    placeholder,
    autoComplete,
    autoFocus,
    multiline,
    rows,
    minRows,
    maxRows,
    inputRef,
    onChange,
    onBlur,
    onFocus,
    slotProps = {},
    ...formControl
  },
  ref,
) {
  const generated = useId();
  const id = idOverride ?? generated;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  const shrink = slotProps.inputLabel?.shrink;
  // The input reads disabled, error, size and required from the FormControl, but not fullWidth.
  const fullWidth = formControl.fullWidth;
  return (
    <FormControl ref={ref} variant="outlined" {...formControl}>
      {hasLabel ? (
        <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps.inputLabel}>
          {label}
        </InputLabel>
      ) : null}
      <OutlinedInput
        aria-describedby={helperTextId}
        id={id}
        label={label}
        notched={shrink}
        fullWidth={fullWidth}
        value={value}
        defaultValue={defaultValue}
        name={name}
        type={type}
        placeholder={placeholder}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        multiline={multiline}
        rows={rows}
        minRows={minRows}
        maxRows={maxRows}
        inputRef={inputRef}
        onChange={onChange}
        onBlur={onBlur}
        onFocus={onFocus}
        inputProps={slotProps.htmlInput}
        {...slotProps.input}
      />
      {helperText ? (
        <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
          {helperText}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
});
