import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import SvgIcon from '@mui/material/SvgIcon';
import { forwardRef, type ReactNode, useId } from 'react';

export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface ChoiceFieldProps
  extends Omit<FormControlProps, 'onChange' | 'onBlur' | 'children' | 'variant' | 'ref'> {
  label: ReactNode;
  /** Controlled: the value shown, changed through onChange. */
  value?: string;
  onChange?(value: string): void;
  /**
   * Uncontrolled, for a native form the server renders (decision 086): the browser keeps what the person
   * picks before the scripts run, and the form sends it.
   */
  defaultValue?: string;
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
 *
 * Drawn with OutlinedInput around a plain select rather than MUI's NativeSelect, which imports the
 * underlined Input for its default look: 2.3 KB (brotli) on the list pages for a look never used.
 */
export function ChoiceField({
  label,
  value,
  onChange,
  defaultValue,
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
      <OutlinedInput
        id={id}
        label={label}
        notched
        value={value}
        defaultValue={defaultValue}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        onBlur={onBlur as React.FocusEventHandler}
        name={name}
        fullWidth={fullWidth}
        inputComponent={SelectBox as unknown as React.ElementType<InputBaseComponentProps>}
        inputProps={{
          'aria-describedby': helperTextId,
          children: choices.map((c) => (
            <option key={c.value} value={c.value} disabled={c.disabled}>
              {c.label}
            </option>
          )),
        }}
        sx={selectLook}
      />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

/** The select itself, with the arrow MUI's selects show (the browser's own arrow is hidden). */
export const SelectBox = forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement>>(
  function SelectBox(props, ref) {
    return (
      <>
        <select ref={ref} {...props} />
        <SvgIcon className="choice-arrow" aria-hidden>
          <path d="M7 10l5 5 5-5z" />
        </SvgIcon>
      </>
    );
  },
);

/** MUI's NativeSelect look: no native arrow, room for the drawn one, which lets clicks through. */
export const selectLook = {
  '& select': { appearance: 'none', cursor: 'pointer', pr: '32px !important', borderRadius: 'inherit' },
  '& select:disabled': { cursor: 'default' },
  '& select option': { color: 'text.primary', bgcolor: 'background.paper' },
  '& .choice-arrow': {
    position: 'absolute',
    right: 7,
    top: 'calc(50% - 0.5em)',
    pointerEvents: 'none',
    color: 'action.active',
  },
  '&.Mui-disabled .choice-arrow': { color: 'action.disabled' },
} as const;
