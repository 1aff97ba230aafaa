import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveAllowed, UnsavedChangesGuard, useUnsavedChanges } from './use-unsaved-changes';

function EditForm() {
  const [name, setName] = useState('');
  useUnsavedChanges(name !== '');
  return (
    <>
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <Link to="/elsewhere">Menu link</Link>
    </>
  );
}

function Elsewhere() {
  const navigate = useNavigate();
  return (
    <>
      <p>Elsewhere page</p>
      <button type="button" onClick={() => navigate('/form')}>
        To form
      </button>
    </>
  );
}

let router: ReturnType<typeof createMemoryRouter>;
const renderApp = () => {
  router = createMemoryRouter(
    [
      {
        element: (
          <>
            <UnsavedChangesGuard />
            <Outlet />
          </>
        ),
        children: [
          { path: '/form', element: <EditForm /> },
          { path: '/elsewhere', element: <Elsewhere /> },
        ],
      },
    ],
    { initialEntries: ['/form'] },
  );
  return render(<RouterProvider router={router} />);
};

const type = (value: string) => fireEvent.change(screen.getByLabelText('Name'), { target: { value } });

const unloadPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useUnsavedChanges', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('a clean form leaves without a question', () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderApp();
    fireEvent.click(screen.getByText('Menu link'));
    expect(screen.getByText('Elsewhere page')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
    expect(unloadPrevented()).toBe(false);
  });

  it('a dirty form asks before a link; refusing keeps the page and what was typed', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderApp();
    type('Hoarding at Road 12');
    fireEvent.click(screen.getByText('Menu link'));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/form');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Hoarding at Road 12');
    expect(leaveAllowed()).toBe(false);
  });

  it('agreeing to leave follows the link', () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp();
    type('x');
    fireEvent.click(screen.getByText('Menu link'));
    expect(screen.getByText('Elsewhere page')).toBeTruthy();
  });

  it('reload and close ask the browser question only while dirty', () => {
    renderApp();
    expect(unloadPrevented()).toBe(false);
    type('x');
    expect(unloadPrevented()).toBe(true);
    type('');
    expect(unloadPrevented()).toBe(false);
  });

  it('Back with a dirty form asks; refusing keeps the page and what was typed', async () => {
    renderApp();
    fireEvent.click(screen.getByText('Menu link'));
    fireEvent.click(screen.getByText('To form'));
    type('x');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await act(() => router.navigate(-1));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/form');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('x');
  });

  it('a menu that asked already moves without asking again', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp();
    type('x');
    act(() => {
      if (leaveAllowed()) void router.navigate('/elsewhere');
    });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Elsewhere page')).toBeTruthy();
  });
});
