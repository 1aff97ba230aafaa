import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';

export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface ChoiceFieldProps
  extends Omit<FormControlProps, 'onChange' | 'onBlur' | 'children' | 'variant' | 'ref'> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  choices: readonly Choice[];
  helperText?: ReactNode;
  name?: string;
  onBlur?: React.FocusEventHandler<HTMLSelectElement>;
}

/**
 * The house's list of choices: the browser's own select, drawn as an outlined field with its label.
 *
 * MUI's Select draws its list in a Menu (Popover, Modal, focus trap, transitions): ~22 KB (brotli) on every
 * page that shows a filter, and a render of the whole menu on open (docs/decisions/058). A native select
 * costs nothing to load, opens the phone's own picker, is read by every screen reader, and answers the
 * keyboard (type a letter to jump) as users expect. Its label always sits on the border, as a select always
 * shows a value.
 */
export function ChoiceField({
  label,
  value,
  onChange,
  choices,
  helperText,
  id: idOverride,
  name,
  onBlur,
  fullWidth,
  ...formControl
}: ChoiceFieldProps) {
  const generated = useId();
  const id = idOverride ?? generated;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} {...formControl}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(e) => onChange(e.target.value)}
        fullWidth={fullWidth}
        input={<OutlinedInput label={label} notched />}
        inputProps={{ id, name, onBlur, 'aria-describedby': helperTextId }}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value} disabled={c.disabled}>
            {c.label}
          </option>
        ))}
      </NativeSelect>
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
