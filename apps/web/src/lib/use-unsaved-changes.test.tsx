import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { BrowserRouter, Link, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveAllowed, useUnsavedChanges } from './use-unsaved-changes';

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

const renderApp = () =>
  render(
    <BrowserRouter>
      <Routes>
        <Route path="/form" element={<EditForm />} />
        <Route path="/elsewhere" element={<Elsewhere />} />
      </Routes>
    </BrowserRouter>,
  );

const type = (value: string) => fireEvent.change(screen.getByLabelText('Name'), { target: { value } });

const unloadPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useUnsavedChanges', () => {
  beforeEach(() => window.history.replaceState(null, '', '/form'));
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
    expect(window.location.pathname).toBe('/form');
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

  it('Back with a dirty form asks; refusing hides the move from the router and steps forward again', () => {
    renderApp();
    fireEvent.click(screen.getByText('Menu link'));
    fireEvent.click(screen.getByText('To form'));
    type('x');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const go = vi.spyOn(window.history, 'go').mockImplementation(() => {});
    const formIdx = (window.history.state as { idx: number }).idx;
    // What the browser does on Back: the entry before, then popstate.
    act(() => {
      window.dispatchEvent(
        new PopStateEvent('popstate', { state: { idx: formIdx - 1, key: 'k', usr: null } }),
      );
    });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledWith(1);
    expect(screen.getByLabelText('Name')).toBeTruthy();
  });
});
