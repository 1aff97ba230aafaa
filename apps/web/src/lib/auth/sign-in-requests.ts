import { AUTH_ERROR_CODES, CONSENT_NOTICE_VERSION } from '@ooh/shared';
import { ApiError } from '../api-client';
import { sendOtp } from './api/send-otp';
import { takeBotToken } from './bot-check';

export { loginWithPhone } from './api/login-with-phone';
export { verifyOtp } from './api/verify-otp';

export type SendStage = 'bot-check' | 'sending';

/** The requests of a sign-in, which the auth context loads when a sign-in starts, not with the app shell. */
export async function sendWithBotCheck(phoneNumber: string, onStage?: (stage: SendStage) => void) {
  for (let attempt = 0; ; attempt++) {
    onStage?.('bot-check');
    const botToken = await takeBotToken();
    onStage?.('sending');
    try {
      // The notice the form showed (components/consent-notice.tsx): the account keeps which one it accepted.
      return await sendOtp({
        phone_number: phoneNumber,
        bot_token: botToken,
        consent_version: CONSENT_NOTICE_VERSION,
      });
    } catch (err) {
      // A challenge can expire or be refused once (clock skew, a stale prepared one): solve a fresh one.
      const botFailed = err instanceof ApiError && err.code === AUTH_ERROR_CODES.botCheckFailed;
      if (!botFailed || attempt >= 1) throw err;
    }
  }
}
