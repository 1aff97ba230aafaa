/** Business constants from docs/product-spec.md section 9 and docs/product-rules.md sections 3, 5 and 6. */
export const PRODUCT_NAME = 'AdSpace India';
export const CURRENCY = 'INR';
export const TIME_ZONE = 'Asia/Kolkata';
/** IST is UTC+05:30 all year (no daylight saving since 1945): an instant's IST day and time are this far from UTC's. */
export const IST_OFFSET_MS = 330 * 60_000;
export const MIN_DAYS_BEFORE_START = 7;
export const DEFAULT_BOOKING_DURATION_DAYS = 7;
export const MAX_BOOKING_SPAN_DAYS = 365;
export const UNAVAILABLE_WINDOW_DAYS = 365;
export const PHONE_LENGTH = 10;
export const OTP_LENGTH = 6;
export const COUNTRY_PREFIX = '+91';
export const RESEND_LOCK_SECONDS = 30;
/** A bearer token from /auth/otp/verify lasts an hour (API clients; the web app uses the session cookie). */
export const SESSION_VALIDITY_MS = 3_600_000;
/** Cookie sessions (docs/decisions/042): idle limits, renewed by activity, and an absolute limit. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
export const OPERATOR_SESSION_IDLE_SECONDS = 12 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;
/** last_seen_at is written at most this often, so activity renews a session without a write per request. */
export const SESSION_TOUCH_SECONDS = 60;
export const OTP_VALIDITY_SECONDS = 300;
export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_MAX_SENDS_PER_NUMBER_PER_HOUR = 5;
export const OTP_MAX_SENDS_PER_IP_PER_HOUR = 20;
export const HOLD_MINUTES = 15;
/**
 * How long a processed refund takes to reach the buyer's account, as the refund SMS and the terms both
 * say it (one constant, so they never disagree again).
 */
export const REFUND_WORKING_DAYS = '5-7';
/** A cash order keeps its sites for two days, time enough to pay at the office or by bank transfer. */
export const CASH_HOLD_HOURS = 48;
/** Nobody locks inventory for free (docs/product-rules.md section 3): unpaid orders a buyer may have at once. */
export const MAX_UNPAID_ORDERS = 3;
/**
 * Holds (options, DESIGN section 19, decision 082): the days a free hold lasts by default (the HOLD_DAYS
 * setting), the held sites a buyer may have at once, the hours a holder has once another buyer asks for
 * the dates, and how long before its end the holder is reminded.
 */
export const DEFAULT_HOLD_DAYS = 3;
export const MAX_HELD_SITES = 20;
export const HOLD_REQUEST_HOURS = 24;
export const HOLD_REMINDER_HOURS = 24;
/**
 * Approval links (DESIGN section 19, decision 092): a link for the client's approver decides for this many
 * days; after that it reads "expired" and a new one is asked for.
 */
export const APPROVAL_LINK_DAYS = 7;
/** Sites (lines) one order may hold. */
export const MAX_SITES_PER_ORDER = 50;
export const SEARCH_DEBOUNCE_MS = 400;
export const DEFAULT_CAMPAIGN_NAME = 'Untitled Campaign';
export const CAMPAIGN_TYPES = ['standard', 'customized'] as const;
export const PAYMENT_METHODS = ['razorpay', 'cash'] as const;
/** A payout's states (schemas/payouts.schemas.ts): here, free of zod, for pages that only name them. */
export const PAYOUT_STATES = ['held', 'released', 'reversed', 'recovered', 'failed'] as const;
export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;
export const AVAILABILITY_MAX_ENTRIES = 200;
export const MS_PER_DAY = 86_400_000;

/**
 * error.code values of the sign-in calls, so the web can map each to a plain sentence. Here, not beside
 * the auth schemas: a page that needs only these codes then loads no zod.
 * Plus the generic ones: bad_request (400), unauthorized (401).
 */
export const AUTH_ERROR_CODES = {
  /** 400: bot_token missing, malformed, unsolved, expired or already used: fetch a new challenge. */
  botCheckFailed: 'bot_check_failed',
  /** 429 (retry-after): a code was sent to this number less than 30 s ago. */
  resendTooSoon: 'resend_too_soon',
  /** 429 (retry-after): 5 codes to this number in the last hour. */
  tooManyCodes: 'too_many_codes',
  /** 429 (retry-after): 20 codes from this network in the last hour. */
  tooManyRequests: 'too_many_requests',
  /** 502: the SMS gateway failed; nothing was sent, try again. */
  smsFailed: 'sms_failed',
  /** 400: unknown verification_id. */
  invalidVerification: 'invalid_verification',
  /** 400: wrong code; the message says how many tries are left. */
  invalidCode: 'invalid_code',
  /** 429: five wrong tries; the code is void, request a new one. */
  tooManyAttempts: 'too_many_attempts',
  /** 400: older than 5 minutes. */
  codeExpired: 'code_expired',
  /** 400: this code already signed someone in. */
  codeUsed: 'code_used',
  /** 403: login_with_phone with a number other than the token's. */
  phoneMismatch: 'phone_mismatch',
} as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];
