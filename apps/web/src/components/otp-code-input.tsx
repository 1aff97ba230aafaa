import { Box, keyframes } from '@mui/material';
import { OTP_LENGTH } from '@ooh/shared';
import { OTPInput, REGEXP_ONLY_DIGITS, type SlotProps } from 'input-otp';

const blink = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0; }
`;

function Slot({ char, isActive, hasFakeCaret, invalid }: SlotProps & { invalid: boolean }) {
  return (
    <Box
      aria-hidden
      sx={{
        position: 'relative',
        width: { xs: 42, sm: 48 },
        height: { xs: 50, sm: 56 },
        display: 'grid',
        placeItems: 'center',
        borderRadius: 1.5,
        border: '1px solid',
        borderColor: invalid ? 'error.main' : isActive ? 'primary.main' : 'grey.500',
        outline: isActive ? '2px solid' : 'none',
        outlineColor: 'primary.main',
        outlineOffset: -1,
        bgcolor: 'background.paper',
        fontSize: 22,
        fontWeight: 600,
        fontVariantNumeric: 'tabular-nums',
        color: 'text.primary',
        transition: 'border-color 150ms',
      }}
    >
      {char}
      {hasFakeCaret ? (
        <Box
          sx={{
            position: 'absolute',
            width: '1px',
            height: 24,
            bgcolor: 'text.primary',
            animation: `${blink} 1s step-end infinite`,
          }}
        />
      ) : null}
    </Box>
  );
}

interface OtpCodeInputProps {
  id: string;
  value: string;
  onChange(value: string): void;
  onComplete?(value: string): void;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  /** Id of the element describing the field (hint or error). */
  describedBy?: string;
}

/**
 * The 6-box code entry (docs/product-spec.md section 2): one real numeric input under six drawn boxes (input-otp), so
 * paste, SMS autofill ("one-time-code"), undo and screen readers work as with any input. Not masked.
 */
export function OtpCodeInput({
  id,
  value,
  onChange,
  onComplete,
  disabled,
  invalid,
  autoFocus,
  describedBy,
}: OtpCodeInputProps) {
  return (
    <OTPInput
      id={id}
      name="otp"
      value={value}
      onChange={onChange}
      onComplete={onComplete}
      maxLength={OTP_LENGTH}
      pattern={REGEXP_ONLY_DIGITS}
      // Pasting "123 456" or "Your code is 123456" keeps the digits.
      pasteTransformer={(pasted) => pasted.replace(/\D/g, '').slice(0, OTP_LENGTH)}
      inputMode="numeric"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      pushPasswordManagerStrategy="none"
      containerClassName="otp-code-input"
      render={({ slots }) => (
        <Box sx={{ display: 'flex', gap: { xs: 0.75, sm: 1 } }}>
          {slots.map((slot, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the six slots are positions, never reordered
            <Slot key={index} {...slot} invalid={Boolean(invalid)} />
          ))}
        </Box>
      )}
    />
  );
}
