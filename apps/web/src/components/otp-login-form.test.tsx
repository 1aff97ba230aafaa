import { CONSENT_NOTICE, CONSENT_NOTICE_VERSION } from '@ooh/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../lib/auth/auth-context';
import { redirectTarget } from '../lib/auth/redirect-target';
// Loaded here so the auth context's lazy import of it resolves from the module cache within settle().
import '../lib/auth/sign-in-requests';
import { cleanPhoneInput } from '../lib/auth/use-otp-sign-in';
import { OtpLoginForm, type OtpLoginFormProps } from './otp-login-form';

// The proof of work needs Web Workers and the API; here a solved token is handed over at once.
vi.mock('../lib/auth/bot-check', () => ({
  prepareBotToken: vi.fn(),
  cancelPreparedBotToken: vi.fn(),
  takeBotToken: vi.fn(async () => 'solved-bot-token'),
  BotCheckError: class BotCheckError extends Error {},
}));

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
let replies: Record<string, Reply[]>;
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  const path = new URL(url, 'http://localhost').pathname;
  const reply = replies[path]?.shift();
  if (!reply) throw new TypeError(`no reply for ${path}`);
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: reply.headers });
});

const sent = {
  status: 200,
  body: { verification_id: 'a-verification', resend_after_s: 30, expires_in_s: 300 },
};

/** Lets the pending fetch promises settle inside act, without real time passing. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 50; i++) await Promise.resolve();
  });
}

function renderForm(props: OtpLoginFormProps = {}) {
  return render(
    <AuthProvider>
      <OtpLoginForm {...props} />
    </AuthProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-11-22T06:30:00Z'));
  replies = { '/api/auth/otp/send': [sent] };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  // input-otp watches its size; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function requestCode(phone = '9876543210') {
  fireEvent.change(screen.getByLabelText(/Phone Number/), { target: { value: phone } });
  fireEvent.click(screen.getByRole('button', { name: 'Request OTP' }));
  await settle();
}

// The first MUI render in jsdom is slow on a busy machine.
describe('OtpLoginForm', { timeout: 30_000 }, () => {
  it('enables Request OTP only at exactly 10 digits and keeps only digits', () => {
    renderForm();
    const phone = screen.getByLabelText(/Phone Number/) as HTMLInputElement;
    const request = screen.getByRole('button', { name: 'Request OTP' });
    expect(phone.placeholder).toBe('Please enter Phone Number');
    expect(request).toHaveProperty('disabled', true);

    fireEvent.change(phone, { target: { value: '98765 4321' } });
    expect(phone.value).toBe('987654321');
    expect(request).toHaveProperty('disabled', true);

    fireEvent.change(phone, { target: { value: '+91 98765-43210' } });
    expect(phone.value).toBe('9876543210');
    expect(request).toHaveProperty('disabled', false);
  });

  it('shows the consent notice in English, with Hindi a tap away, before the code is asked for', () => {
    renderForm();
    const notice = screen.getByRole('region', { name: 'Consent notice' });
    expect(notice.textContent).toContain(CONSENT_NOTICE.en.points[0]);
    expect(notice.querySelector('details')?.textContent).toContain(CONSENT_NOTICE.hi.points[0]);
    expect(notice.querySelector('a[href="/privacy-policy"]')).not.toBeNull();
  });

  it('sends the number with the bot token and the notice shown, then asks for the code with a 30 s resend countdown', async () => {
    renderForm();
    await requestCode();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/otp/send');
    expect(JSON.parse(String(init?.body))).toEqual({
      phone_number: '9876543210',
      bot_token: 'solved-bot-token',
      consent_version: CONSENT_NOTICE_VERSION,
    });

    const otp = screen.getByLabelText('Enter OTP:');
    expect(document.activeElement).toBe(otp);
    expect(screen.getByText('Resend OTP in 30 s')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend Otp' })).toBeNull();

    await act(async () => vi.advanceTimersByTime(3_000));
    expect(screen.getByText('Resend OTP in 27 s')).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(27_000));
    expect(screen.queryByText(/Resend OTP in/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend Otp' })).toBeTruthy();
  });

  it('shows Submit OTP only once six digits are in', async () => {
    renderForm();
    await requestCode();
    const otp = screen.getByLabelText('Enter OTP:') as HTMLInputElement;
    expect(screen.queryByRole('button', { name: 'Submit OTP' })).toBeNull();

    fireEvent.change(otp, { target: { value: '12345' } });
    expect(screen.queryByRole('button', { name: 'Submit OTP' })).toBeNull();

    fireEvent.change(otp, { target: { value: '123456' } });
    expect(otp.value).toBe('123456');
    expect(screen.getByRole('button', { name: 'Submit OTP' })).toHaveProperty('disabled', false);
  });

  it('says how many tries are left after a wrong code and clears the entry', async () => {
    replies['/api/auth/otp/verify'] = [
      {
        status: 400,
        body: {
          error: {
            code: 'invalid_code',
            message: 'Wrong code. 4 tries left.',
            fields: { code: 'Wrong code' },
          },
        },
      },
    ];
    renderForm();
    await requestCode();
    const otp = screen.getByLabelText('Enter OTP:') as HTMLInputElement;
    fireEvent.change(otp, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit OTP' }));
    await settle();

    expect(screen.getByRole('alert').textContent).toBe('Wrong code. 4 tries left.');
    expect((screen.getByLabelText('Enter OTP:') as HTMLInputElement).value).toBe('');
    expect(sessionStorage.getItem('user_details')).toBeNull();
  });

  it('tells the wait when the number was sent too many codes', async () => {
    replies['/api/auth/otp/send'] = [
      {
        status: 429,
        body: { error: { code: 'too_many_codes', message: 'Too many codes.' } },
        headers: { 'retry-after': '1500' },
      },
    ];
    renderForm();
    await requestCode();
    expect(screen.getByRole('alert').textContent).toBe('Too many requests. Please try again in 25 minutes.');
    expect(screen.getByRole('button', { name: 'Request OTP' })).toBeTruthy();
  });

  it('uses the texts it is given (the checkout says "Submit Phone Number")', async () => {
    renderForm({ texts: { requestButton: 'Submit Phone Number' }, hideSubmitUntilComplete: false });
    expect(screen.queryByRole('button', { name: 'Request OTP' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Phone Number/), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Phone Number' }));
    await settle();
    // Shown but disabled until the code is complete.
    expect(screen.getByRole('button', { name: 'Submit OTP' })).toHaveProperty('disabled', true);
  });

  it('does nothing while disabled (the checkout once signed in)', () => {
    renderForm({ disabled: true });
    fireEvent.change(screen.getByLabelText(/Phone Number/), { target: { value: '9876543210' } });
    expect(screen.getByRole('button', { name: 'Request OTP' })).toHaveProperty('disabled', true);
  });
});

describe('sign-in helpers', () => {
  it('keeps the ten digits of a typed or pasted number', () => {
    expect(cleanPhoneInput('919876543210')).toBe('9876543210');
    expect(cleanPhoneInput('09876543210')).toBe('9876543210');
    // An 11th keystroke is dropped, never the start of the number.
    expect(cleanPhoneInput('91987654321')).toBe('9198765432');
  });

  it('reads "+919876543210" typed key by key as 9876543210', () => {
    let shown = '';
    for (const key of '+919876543210') shown = cleanPhoneInput(shown + key);
    expect(shown).toBe('9876543210');
    // Half-way the plus and the country code stay in view.
    expect(cleanPhoneInput('+9198')).toBe('+9198');
  });

  it('goes to "/" plus the redirect value without doubling the slash or leaving the site', () => {
    expect(redirectTarget('/profile')).toBe('/profile');
    expect(redirectTarget('profile')).toBe('/profile');
    expect(redirectTarget('campaign/7?from=addToCart')).toBe('/campaign/7?from=addToCart');
    expect(redirectTarget('//evil.example')).toBe('/evil.example');
    expect(redirectTarget('/\\evil.example')).toBe('/evil.example');
  });
});
