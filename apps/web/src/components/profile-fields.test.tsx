import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PROFILE_SECTIONS,
  type ProfileFormValues,
  ProfileSectionFields,
  toProfileFormValues,
} from './profile-fields';

const address = PROFILE_SECTIONS.find((s) => s.id === 'address')!;

function AddressFields({ state, readOnly = false }: { state: string | null; readOnly?: boolean }) {
  const defaults = toProfileFormValues({ state, city: 'Pune' });
  const { register, watch } = useForm<ProfileFormValues>({ defaultValues: defaults });
  return (
    <>
      <ProfileSectionFields
        section={address}
        register={register}
        errors={{}}
        readOnly={readOnly}
        defaults={defaults}
      />
      <output data-testid="state-value">{watch('state')}</output>
    </>
  );
}

afterEach(cleanup);

describe('the billing State', () => {
  it("is a choice of India's states and union territories while editing", () => {
    render(<AddressFields state="Maharashtra" />);
    const select = screen.getByRole('combobox', { name: /^State/ }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.value).toBe('Maharashtra');
    const names = Array.from(select.options).map((o) => o.value);
    expect(names).toContain('Ladakh');
    expect(names).toContain('Andaman and Nicobar Islands');
    expect(names).toHaveLength(37);
    fireEvent.change(select, { target: { value: 'Karnataka' } });
    expect(screen.getByTestId('state-value').textContent).toBe('Karnataka');
  });

  it('asks for a choice when the saved State is no state of India, and shows an abbreviation by its name', () => {
    render(<AddressFields state="Maharastra" />);
    expect((screen.getByRole('combobox', { name: /^State/ }) as HTMLSelectElement).value).toBe('');
    cleanup();
    render(<AddressFields state="MH" />);
    expect((screen.getByRole('combobox', { name: /^State/ }) as HTMLSelectElement).value).toBe('Maharashtra');
  });

  it('reads as text while the form is locked', () => {
    render(<AddressFields state="Goa" readOnly />);
    const field = screen.getByRole('textbox', { name: /^State/ }) as HTMLInputElement;
    expect(field.value).toBe('Goa');
    expect(field.readOnly).toBe(true);
  });
});
