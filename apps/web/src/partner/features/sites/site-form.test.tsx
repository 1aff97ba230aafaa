import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { SiteForm } from './site-form';
import { changedFields, emptySiteValues, type SiteFormValues } from './site-form-values';

// Leaflet needs a real layout engine; the map's own logic (the grid) is tested on its own.
vi.mock('./location/location-map', () => ({ default: () => null }));

afterEach(cleanup);

const filled: SiteFormValues = {
  ...emptySiteValues(),
  name: 'Hoarding at Road 12',
  category: 'hoarding',
  price: '1,500',
  booking_duration: '7',
  width_ft: '40',
  height_ft: '20',
  lighting: 'Front Lit',
  address: 'Road 12, Banjara Hills',
  city: 'Hyderabad',
  district: 'Hyderabad',
  state: 'Telangana',
  pin_code: '500034',
  latitude: '17.4126',
  longitude: '78.4482',
};

const save = () => fireEvent.click(screen.getByRole('button', { name: /^save/i }));
const renderForm = (defaults: SiteFormValues, onSave = vi.fn(async () => {})) => {
  render(<SiteForm defaultValues={defaults} others={[]} submitLabel="Save" onSave={onSave} />);
  return onSave;
};

describe('SiteForm', { timeout: 60_000 }, () => {
  it('an empty form gives each required field its message and saves nothing', async () => {
    const onSave = renderForm(emptySiteValues());
    save();
    for (const message of [
      'Name is required',
      'Choose a category',
      'Price is required',
      'Minimum booking is required',
      'PIN code is required',
      'Latitude is required',
      'Choose Front Lit, Back Lit or Non-Lit',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  it('a blank site code and impressions are absent, typed numbers become numbers', async () => {
    const onSave = renderForm(filled);
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const body = (onSave.mock.calls[0] as unknown[])[0] as Record<string, unknown>;
    expect(body).toMatchObject({ price: 1500, latitude: 17.4126, width_ft: 40, booking_duration: 7 });
    expect(body).not.toHaveProperty('site_code');
    expect(body).not.toHaveProperty('impression');
  });

  it('coordinates outside India and a bad site code read clearly', async () => {
    const onSave = renderForm({ ...filled, latitude: '78.44', longitude: '17.41', site_code: 'a' });
    save();
    expect(await screen.findByText('Latitude must be inside India (6 to 37.5)')).toBeTruthy();
    expect(screen.getByText('Longitude must be inside India (68 to 97.5)')).toBeTruthy();
    expect(screen.getByText(/Site code is 3-30 letters/)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("maps the server's field errors onto the fields", async () => {
    renderForm(
      filled,
      vi.fn(async () => {
        throw new ApiError(409, 'conflict', 'Taken', { site_code: 'This site code is already used' });
      }),
    );
    save();
    expect(await screen.findByText('This site code is already used')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/correct the marked fields/);
  });
});

describe('changedFields', () => {
  it('sends only what the owner changed; cleared text is sent empty, a cleared code is left alone', () => {
    const body = { name: 'New', price: 10, latitude: 17.4 } as never;
    expect(changedFields(body, { name: true, price: false })).toEqual({ name: 'New' });
    expect(changedFields(body, { description: true, site_code: true, impression: true })).toEqual({
      description: '',
    });
  });
});

describe('SiteForm for a member who cannot edit sites', { timeout: 60_000 }, () => {
  it('reads every field with nothing to type into or save, and says why', () => {
    const onSave = vi.fn(async () => {});
    render(
      <SiteForm
        defaultValues={filled}
        others={[]}
        submitLabel="Save"
        onSave={onSave}
        readOnly="Read only: adding and editing sites is not available to field members."
      />,
    );
    const form = screen.getByRole('form', { name: 'Site details (read only)' });
    expect(form.textContent).toContain('not available to field members');
    const name = screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement;
    expect(name.value).toBe('Hoarding at Road 12');
    expect(name.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: /^save/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use my current location' })).toBeNull();
    expect(screen.queryByRole('search', { name: 'Find a place on the map' })).toBeNull();
    fireEvent.submit(form);
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('Find a place', { timeout: 60_000 }, () => {
  const find = async (text: string) => {
    fireEvent.change(screen.getByRole('textbox', { name: 'Find a place (address or PIN code)' }), {
      target: { value: text },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
  };
  it('keeps a pin already in the PIN area found rather than dropping it on the area centre', async () => {
    renderForm(filled);
    await find('500034');
    await waitFor(() => expect(screen.getByText(/so it stays where it is/)).toBeTruthy());
    expect((screen.getByRole('textbox', { name: /^Latitude/ }) as HTMLInputElement).value).toBe('17.4126');
    expect((screen.getByRole('textbox', { name: /^Longitude/ }) as HTMLInputElement).value).toBe('78.4482');
  });
  it('moves the pin to the place found when there is none, or when it is elsewhere', async () => {
    renderForm({ ...filled, latitude: '', longitude: '' });
    await find('500034');
    await waitFor(() => expect(screen.getByText(/^Pin placed at the centre of/)).toBeTruthy());
    expect((screen.getByRole('textbox', { name: /^Latitude/ }) as HTMLInputElement).value).not.toBe('');
    cleanup();
    renderForm({ ...filled, latitude: '19.0760', longitude: '72.8777' });
    await find('500034');
    await waitFor(() => expect(screen.getByText(/^Pin placed at the centre of/)).toBeTruthy());
    expect((screen.getByRole('textbox', { name: /^Latitude/ }) as HTMLInputElement).value).not.toBe(
      '19.0760',
    );
  });
});
