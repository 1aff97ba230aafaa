import { CONTACT_SUCCESS_MESSAGE } from '@ooh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotifyProvider } from '../../../components/notify';
import type { ContactOutcome } from '../api/contact-action';
import { ContactForm } from './contact-form';
import { ContactSection } from './contact-section';

// The form reads its route's action data (a native send's outcome): it renders under a router, as in the app.
const Home = createRoutesStub([{ id: 'home', path: '/', Component: ContactForm }]);
const Section = createRoutesStub([{ path: '/', Component: ContactSection }]);
const app = (client: QueryClient, sentNatively?: ContactOutcome) => (
  <QueryClientProvider client={client}>
    <NotifyProvider>
      <Home hydrationData={sentNatively ? { actionData: { home: sentNatively } } : undefined} />
    </NotifyProvider>
  </QueryClientProvider>
);

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  cleanup();
});

const field = (name: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

// Issue 44: the home page's contact form is in the server's page, and what is typed before the scripts run
// is still there, and sent, once the form has hydrated.
describe('the contact form before and after hydration', { timeout: 30_000 }, () => {
  it("is in the home page's contact section as the server renders it, not a placeholder", () => {
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <NotifyProvider>
          <Section />
        </NotifyProvider>
      </QueryClientProvider>,
    );
    expect(html).toContain('aria-label="Contact us"');
    expect(html).toContain('name="phone_number"');
    expect(html).not.toContain('aria-busy');
  });

  it('is rendered by the server, and keeps what was typed and ticked before hydration', async () => {
    const client = new QueryClient();
    const container = document.createElement('div');
    container.innerHTML = renderToString(app(client));
    document.body.append(container);
    const form = screen.getByRole('form', { name: 'Contact us' });
    expect(form.getAttribute('method')).toBe('post');

    // Typed and ticked in the server's HTML, before any script: no React yet, only the browser's own fields.
    field('Name').value = 'Asha Rao';
    field('Email').value = 'asha@example.com';
    field('Message').value = 'Hoardings in Pune for Diwali';
    (screen.getByRole('checkbox') as HTMLInputElement).checked = true;

    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ message: 'ok' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    await act(async () => {
      root = hydrateRoot(container, app(client));
    });
    expect(field('Name').value).toBe('Asha Rao');
    expect(field('Email').value).toBe('asha@example.com');
    expect(field('Message').value).toBe('Hoardings in Pune for Diwali');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);

    // Sent now: only the two fields left empty are named; the typed ones and the consent count.
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(field('Company Name').getAttribute('aria-invalid')).toBe('true'));
    expect(field('Phone Number').getAttribute('aria-invalid')).toBe('true');
    expect(field('Name').getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('Please agree to share your details so we can contact you')).toBeNull();
    expect(sent).toEqual([]);

    fireEvent.change(field('Company Name'), { target: { value: 'Rao Foods' } });
    fireEvent.change(field('Phone Number'), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: 'Asha Rao',
      company_name: 'Rao Foods',
      phone_number: '9876543210',
      email: 'asha@example.com',
      message: 'Hoardings in Pune for Diwali',
    });
  });

  it("renders a native send's refusal with what was typed, and its success with empty fields", async () => {
    const refused = renderToString(
      app(new QueryClient(), {
        values: { name: 'Asha <b>Rao</b>', phone_number: '98765', consent: true },
        errors: { phone_number: 'Enter a 10-digit phone number' },
      }),
    );
    const container = document.createElement('div');
    container.innerHTML = refused;
    document.body.append(container);
    expect(field('Name').value).toBe('Asha <b>Rao</b>');
    expect(field('Phone Number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a 10-digit phone number')).toBeTruthy();
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(refused).not.toContain('<b>');
    container.remove();

    document.body.innerHTML = renderToString(app(new QueryClient(), { sent: true }));
    expect(screen.getByRole('status').textContent).toBe(CONTACT_SUCCESS_MESSAGE);
    expect(field('Name').value).toBe('');
  });
});
