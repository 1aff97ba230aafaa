import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CampaignNameField } from './campaign-name-field';

afterEach(cleanup);

const field = () => screen.getByRole('textbox', { name: 'Campaign name' }) as HTMLInputElement;

describe('the campaign name field', () => {
  it('shows an empty or invisible name as Untitled Campaign, not a blank title', () => {
    const { rerender } = render(<CampaignNameField value="" onChange={() => {}} />);
    expect(field().value).toBe('Untitled Campaign');
    rerender(<CampaignNameField value={'  \u200b '} onChange={() => {}} />);
    expect(field().value).toBe('Untitled Campaign');
    rerender(<CampaignNameField value="Diwali" onChange={() => {}} />);
    expect(field().value).toBe('Diwali');
  });

  it('edits the name as typed, blank included', () => {
    render(<CampaignNameField value="" onChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit campaign name' }));
    expect(field().value).toBe('');
  });
});
