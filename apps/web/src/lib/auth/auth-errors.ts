import { AUTH_ERROR_CODES as E } from '@ooh/shared';
import { ApiError } from '../api-client';
import { BotCheckError } from './bot-check';

/** "45 seconds", "1 minute", "12 minutes": how long to wait before trying again. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

const NETWORK = 'We could not reach the server. Please check your connection and try again.';
const BOT_CHECK = 'The security check did not pass. Please try again.';

/**
 * A plain sentence for every way sign-in can fail (docs/product-spec.md section 8 leaves what the user sees open).
 * `needsNewCode` tells the form that the pending code is void and the user must request another.
 */
export function describeAuthError(err: unknown): { message: string; needsNewCode: boolean } {
  if (err instanceof BotCheckError) return { message: BOT_CHECK, needsNewCode: false };
  if (!(err instanceof ApiError)) {
    return { message: 'Something went wrong. Please try again.', needsNewCode: false };
  }
  const wait = err.retryAfterSeconds;
  switch (err.code) {
    case 'network_error':
      return { message: NETWORK, needsNewCode: false };
    case E.botCheckFailed:
      return { message: BOT_CHECK, needsNewCode: false };
    case E.invalidCode:
      // The API's message carries the tries left ("Wrong code. 4 tries left.").
      return { message: err.message || 'Wrong code. Please check it and try again.', needsNewCode: false };
    case E.codeExpired:
      return { message: 'This code has expired. Please request a new code.', needsNewCode: true };
    case E.codeUsed:
      return { message: 'This code was already used. Please request a new code.', needsNewCode: true };
    case E.invalidVerification:
      return {
        message: 'This sign-in request is no longer valid. Please request a new code.',
        needsNewCode: true,
      };
    case E.tooManyAttempts:
      return { message: 'Too many wrong tries. Please request a new code.', needsNewCode: true };
    case E.resendTooSoon:
      return {
        message: `Please wait ${formatWait(wait ?? 30)} before requesting another code.`,
        needsNewCode: false,
      };
    case E.tooManyCodes:
    case E.tooManyRequests:
      return {
        message: wait
          ? `Too many requests. Please try again in ${formatWait(wait)}.`
          : 'Too many requests. Please try again later.',
        needsNewCode: false,
      };
    case E.smsFailed:
      return {
        message: 'We could not send the SMS right now. Please try again in a moment.',
        needsNewCode: false,
      };
    case E.phoneMismatch:
      return {
        message: 'This sign-in does not match the phone number. Please start again.',
        needsNewCode: true,
      };
    default:
      if (err.status === 429) {
        return {
          message: wait
            ? `Too many requests. Please try again in ${formatWait(wait)}.`
            : 'Too many requests.',
          needsNewCode: false,
        };
      }
      if (err.fields?.phone_number) return { message: err.fields.phone_number, needsNewCode: false };
      if (err.status >= 500) {
        return { message: 'The server had a problem. Please try again in a moment.', needsNewCode: false };
      }
      return { message: err.message || 'Something went wrong. Please try again.', needsNewCode: false };
  }
}
