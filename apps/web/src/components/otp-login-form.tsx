import { Alert, Box, Button, CircularProgress, InputAdornment, Stack, Typography } from '@mui/material';
import { COUNTRY_PREFIX } from '@ooh/shared';
import { type FormEvent, useId } from 'react';
import type { CurrentUser } from '../lib/auth/auth-context';
import { type OtpLoading, useOtpSignIn } from '../lib/auth/use-otp-sign-in';
import { ConsentNotice } from './consent-notice';
import { OtpCodeInput } from './otp-code-input';
import { TextInput } from './text-input';

/** Every visible text of the form, so the checkout's Login Details can use its own button labels. */
export interface OtpLoginTexts {
  phoneLabel: string;
  phonePlaceholder: string;
  requestButton: string;
  otpLabel: string;
  submitButton: string;
  resendButton: string;
  resendCountdown(seconds: number): string;
  codeSentTo(phone: string): string;
  changeNumber: string;
  loading: Record<Exclude<OtpLoading, null>, string>;
}

/** The /verify-mobile texts of docs/product-spec.md section 2. */
export const DEFAULT_OTP_LOGIN_TEXTS: OtpLoginTexts = {
  phoneLabel: 'Phone Number',
  phonePlaceholder: 'Please enter Phone Number',
  requestButton: 'Request OTP',
  otpLabel: 'Enter OTP:',
  submitButton: 'Submit OTP',
  resendButton: 'Resend Otp',
  resendCountdown: (seconds) => `Resend OTP in ${seconds} s`,
  codeSentTo: (phone) =>
    `We sent a 6-digit code to ${COUNTRY_PREFIX} ${phone.slice(0, 5)} ${phone.slice(5)}.`,
  changeNumber: 'Change number',
  loading: {
    'bot-check': 'Running a quick security check…',
    sending: 'Sending your code…',
    verifying: 'Verifying your code…',
  },
};

export interface OtpLoginFormProps {
  texts?: Partial<OtpLoginTexts>;
  /** Called once signed in (token and user stored, auth context refreshed). */
  onSignedIn?(user: CurrentUser): void;
  /** The checkout disables the form once authenticated. */
  disabled?: boolean;
  /** SPEC: the submit control is hidden until the code has 6 digits. False shows it disabled instead. */
  hideSubmitUntilComplete?: boolean;
}

/**
 * Phone number, then the 6-digit code (docs/product-spec.md section 2, Sign-in screen). Step 1 while no verification is
 * pending, step 2 after; a spinner replaces both while loading; failures show in an alert above.
 */
export function OtpLoginForm({
  texts: overrides,
  onSignedIn,
  disabled,
  hideSubmitUntilComplete = true,
}: OtpLoginFormProps) {
  const texts = { ...DEFAULT_OTP_LOGIN_TEXTS, ...overrides };
  const flow = useOtpSignIn({ onSignedIn, disabled });
  const id = useId();
  const phoneId = `${id}-phone`;
  const otpId = `${id}-otp`;
  const sentToId = `${id}-sent-to`;

  const onPhoneSubmit = (event: FormEvent) => {
    event.preventDefault();
    void flow.requestOtp();
  };
  const onCodeSubmit = (event: FormEvent) => {
    event.preventDefault();
    void flow.submitOtp();
  };

  return (
    <Box>
      {flow.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {flow.error}
        </Alert>
      ) : null}

      {flow.loading ? (
        <Stack role="status" spacing={2} sx={{ py: 4, alignItems: 'center' }}>
          <CircularProgress aria-label={texts.loading[flow.loading]} />
          <Typography color="text.secondary">{texts.loading[flow.loading]}</Typography>
        </Stack>
      ) : flow.step === 'phone' ? (
        <Box component="form" noValidate onSubmit={onPhoneSubmit}>
          <TextInput
            id={phoneId}
            label={texts.phoneLabel}
            placeholder={texts.phonePlaceholder}
            value={flow.phone}
            onChange={(e) => flow.setPhone(e.target.value)}
            required
            fullWidth
            disabled={disabled}
            type="tel"
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">{COUNTRY_PREFIX}</InputAdornment> },
              htmlInput: { inputMode: 'numeric', autoComplete: 'tel-national' },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={!flow.canRequest}
            sx={{ mt: 2 }}
          >
            {texts.requestButton}
          </Button>
          <ConsentNotice />
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={onCodeSubmit}>
          <Typography id={sentToId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {texts.codeSentTo(flow.phone)}{' '}
            <Button
              variant="text"
              size="small"
              onClick={flow.changeNumber}
              disabled={disabled}
              sx={{ p: 0, minWidth: 0 }}
            >
              {texts.changeNumber}
            </Button>
          </Typography>
          <Typography component="label" htmlFor={otpId} sx={{ display: 'block', fontWeight: 600, mb: 1 }}>
            {texts.otpLabel}
          </Typography>
          <OtpCodeInput
            id={otpId}
            value={flow.code}
            onChange={flow.setCode}
            disabled={disabled}
            autoFocus
            invalid={Boolean(flow.error)}
            describedBy={sentToId}
          />
          {flow.canSubmit || !hideSubmitUntilComplete ? (
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={!flow.canSubmit}
              sx={{ mt: 2 }}
            >
              {texts.submitButton}
            </Button>
          ) : null}
          <Box sx={{ mt: 2, minHeight: 36, display: 'flex', alignItems: 'center' }}>
            {flow.resendIn > 0 ? (
              <Typography variant="body2" color="text.secondary">
                {texts.resendCountdown(flow.resendIn)}
              </Typography>
            ) : (
              <Button variant="text" onClick={() => void flow.resendOtp()} disabled={disabled}>
                {texts.resendButton}
              </Button>
            )}
          </Box>
        </Box>
      )}
    </Box>
  );
}
