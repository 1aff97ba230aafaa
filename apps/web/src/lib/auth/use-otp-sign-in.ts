import { OTP_LENGTH, PHONE_LENGTH, PHONE_PATTERN, RESEND_LOCK_SECONDS } from '@ooh/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type CurrentUser, type SendStage, useAuth } from './auth-context';
import { describeAuthError } from './auth-errors';
import { cancelPreparedBotToken, prepareBotToken } from './bot-check';

export type OtpLoading = SendStage | 'verifying' | null;

export interface OtpSignIn {
  phone: string;
  setPhone(value: string): void;
  code: string;
  setCode(value: string): void;
  /** Step 1 (no verification id) or step 2 (a code was sent). */
  step: 'phone' | 'code';
  loading: OtpLoading;
  error: string | null;
  /** Seconds until "Resend Otp" may show; 0 when it may. */
  resendIn: number;
  canRequest: boolean;
  canSubmit: boolean;
  requestOtp(): Promise<void>;
  submitOtp(): Promise<void>;
  resendOtp(): Promise<void>;
  /** Back to step 1 to correct the number. */
  changeNumber(): void;
}

/** Keeps the 10 digits of a typed or pasted number ("+91 98765-43210" -> "9876543210"). */
export function cleanPhoneInput(value: string): string {
  // "+91..." typed key by key: the plus stays while the number is incomplete, so the 91 after it is read as
  // the country code once all 12 digits are in, never as the start of the number.
  if (value.trimStart().startsWith('+')) {
    const typed = value.replace(/\D/g, '');
    if (typed.length === PHONE_LENGTH + 2 && typed.startsWith('91')) return typed.slice(2);
    return `+${typed.slice(0, PHONE_LENGTH + 2)}`;
  }
  let digits = value.replace(/\D/g, '');
  // Only a whole pasted number loses its prefix: a stray 11th keystroke must not eat the first digits.
  if (digits.length === PHONE_LENGTH + 2 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === PHONE_LENGTH + 1 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, PHONE_LENGTH);
}

/** Counts down to `until` (ms since epoch) once a second; 0 when passed or unset. */
function useSecondsUntil(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * The phone-and-code sign-in flow (docs/product-spec.md sections 2 and 4), shared by /verify-mobile and the checkout's
 * Login Details. Validation follows docs/product-spec.md section 5: the send control needs exactly 10 digits, the
 * confirm control exactly 6.
 */
export function useOtpSignIn(
  options: { onSignedIn?: (user: CurrentUser) => void; disabled?: boolean } = {},
): OtpSignIn {
  const { signUpByMobile, confirmCode } = useAuth();
  const [phone, setPhoneState] = useState('');
  const [code, setCodeState] = useState('');
  const [verificationId, setVerificationId] = useState<string | null>(null);
  const [loading, setLoading] = useState<OtpLoading>(null);
  const [error, setError] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const resendIn = useSecondsUntil(resendAt);
  const onSignedIn = useRef(options.onSignedIn);
  onSignedIn.current = options.onSignedIn;
  const disabled = Boolean(options.disabled);

  // Solve the bot check while the user types, so "Request OTP" answers quickly.
  useEffect(() => {
    if (disabled) return;
    prepareBotToken();
    return cancelPreparedBotToken;
  }, [disabled]);

  const setPhone = useCallback((value: string) => setPhoneState(cleanPhoneInput(value)), []);
  const setCode = useCallback(
    (value: string) => setCodeState(value.replace(/\D/g, '').slice(0, OTP_LENGTH)),
    [],
  );

  const send = useCallback(async () => {
    if (!PHONE_PATTERN.test(phone)) {
      setError('Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9.');
      return;
    }
    setError(null);
    setLoading('bot-check');
    try {
      const sent = await signUpByMobile(phone, { onStage: setLoading });
      setVerificationId(sent.verificationId);
      setCodeState('');
      setResendAt(Date.now() + (sent.resendAfterSeconds || RESEND_LOCK_SECONDS) * 1000);
      // The next send (a resend) needs its own solved challenge: start on it now.
      prepareBotToken();
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      setError(describeAuthError(err).message);
      const wait = (err as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (wait && verificationId) setResendAt(Date.now() + wait * 1000);
    } finally {
      setLoading(null);
    }
  }, [phone, signUpByMobile, verificationId]);

  const requestOtp = useCallback(async () => {
    if (disabled || loading || phone.length !== PHONE_LENGTH) return;
    await send();
  }, [disabled, loading, phone, send]);

  const resendOtp = useCallback(async () => {
    if (disabled || loading || resendIn > 0) return;
    await send();
  }, [disabled, loading, resendIn, send]);

  const submitOtp = useCallback(async () => {
    if (disabled || loading || !verificationId || code.length !== OTP_LENGTH) return;
    setError(null);
    setLoading('verifying');
    try {
      const user = await confirmCode(verificationId, code);
      onSignedIn.current?.(user);
    } catch (err) {
      const { message, needsNewCode } = describeAuthError(err);
      setError(message);
      setCodeState('');
      if (needsNewCode) {
        // The code is void: back to step 1 with the number kept, so one press requests a new one.
        setVerificationId(null);
        setResendAt(null);
      }
    } finally {
      setLoading(null);
    }
  }, [disabled, loading, verificationId, code, confirmCode]);

  const changeNumber = useCallback(() => {
    setVerificationId(null);
    setCodeState('');
    setError(null);
  }, []);

  return {
    phone,
    setPhone,
    code,
    setCode,
    step: verificationId ? 'code' : 'phone',
    loading,
    error,
    resendIn,
    canRequest: !disabled && !loading && phone.length === PHONE_LENGTH,
    canSubmit: !disabled && !loading && code.length === OTP_LENGTH,
    requestOtp,
    submitOtp,
    resendOtp,
    changeNumber,
  };
}
