import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChoiceField } from './choice-field';
import { TextInput } from './text-input';

afterEach(cleanup);

// The house's two fields stand in for MUI's TextField: forms and tests find them by their labels, screen
// readers hear their help and errors, and a choice reaches the page as its value.
describe('TextInput', () => {
  it('is found by its label, says its help, and reports what is typed', () => {
    const onChange = vi.fn();
    render(
      <TextInput label="GSTIN" helperText="15 characters" value="" onChange={onChange} required error />,
    );
    const input = screen.getByLabelText(/GSTIN/) as HTMLInputElement;
    expect(input.required).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const help = screen.getByText('15 characters');
    expect(input.getAttribute('aria-describedby')).toBe(help.id);
    fireEvent.change(input, { target: { value: '27AAPFU0939F1ZV' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('passes attributes to the input and adornments to the field', () => {
    render(
      <TextInput
        label="Notes"
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 500 }, input: { endAdornment: <span>₹</span> } }}
      />,
    );
    const area = screen.getByLabelText('Notes') as HTMLTextAreaElement;
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.maxLength).toBe(500);
    expect(screen.getByText('₹')).toBeTruthy();
  });
});

describe('ChoiceField', () => {
  const choices = [
    { value: '', label: 'All states' },
    { value: 'Goa', label: 'Goa' },
    { value: 'KA', label: 'Karnataka', disabled: true },
  ];

  it("is the browser's own select, found by its label, showing the chosen value", () => {
    render(<ChoiceField label="State" value="Goa" onChange={vi.fn()} choices={choices} />);
    const select = screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.value).toBe('Goa');
    expect([...select.options].map((o) => o.text)).toEqual(['All states', 'Goa', 'Karnataka']);
    expect(select.options[2].disabled).toBe(true);
  });

  it('hands the page the value chosen, not an event', () => {
    const onChange = vi.fn();
    render(<ChoiceField label="State" value="" onChange={onChange} choices={choices} helperText="Where" />);
    const select = screen.getByRole('combobox', { name: 'State' });
    expect(select.getAttribute('aria-describedby')).toBe(screen.getByText('Where').id);
    fireEvent.change(select, { target: { value: 'Goa' } });
    expect(onChange).toHaveBeenCalledWith('Goa');
  });
});
