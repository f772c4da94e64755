import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, RecordContextProvider, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en';
import { DateField } from '../../src/resources/shared/DateField';
import { PortalDateInput } from '../../src/resources/shared/DateInputs';

const i18nProvider = polyglotI18nProvider(() => en, 'en');

describe('the shared date field and input', () => {
  it('shows a date and a date-time in the portal style, not the browser’s', () => {
    render(
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <RecordContextProvider value={{ id: 1, day: '2027-07-31', at: new Date(2027, 6, 31, 19, 40).toISOString(), none: null }}>
          <span data-testid="day">
            <DateField source="day" />
          </span>
          <span data-testid="at">
            <DateField source="at" showTime />
          </span>
          <span data-testid="none">
            <DateField source="none" emptyText="—" />
          </span>
        </RecordContextProvider>
      </AdminContext>,
    );
    expect(screen.getByTestId('day').textContent).toBe('31 Jul 2027');
    expect(screen.getByTestId('at').textContent).toBe('31 Jul 2027, 19:40');
    expect(screen.getByTestId('none').textContent).toBe('—');
  });

  it('reads a typed en-ZA date, keeps what the form stores, and refuses a half date', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <Form record={{ id: 1, expires: '2027-07-31T23:59:59.000Z' }} onSubmit={onSubmit}>
          <PortalDateInput source="expires" label="Expires" toValue={(day) => `${day}T23:59:59.000Z`} />
          <button type="submit">Save</button>
        </Form>
      </AdminContext>,
    );
    const input = screen.getByLabelText('Expires');
    expect(input).toHaveValue(new Date('2027-07-31T23:59:59.000Z').getDate() === 31 ? '31 Jul 2027' : '01 Aug 2027');
    await user.clear(input);
    await user.type(input, '15/08/2027');
    expect(input).toHaveValue('15 Aug 2027');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ expires: '2027-08-15T23:59:59.000Z' });

    onSubmit.mockClear();
    await user.clear(input);
    await user.type(input, '15 Aug');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Write a whole date, e.g. 31 Jul 2027')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('a membership expiry typed as a date', () => {
  it('is stored as the end of that day in South Africa, so it reads as that day there and west of it', async () => {
    const { dateToTimestamp } = await import('../../src/resources/members/choices');
    const stored = dateToTimestamp('2027-07-31')!;
    expect(stored).toBe('2027-07-31T21:59:59.999Z');
    const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeZone }).format(new Date(stored));
    expect(['Africa/Johannesburg', 'UTC', 'America/New_York'].map(dayIn)).toEqual(['31 Jul 2027', '31 Jul 2027', '31 Jul 2027']);
    expect(dateToTimestamp('')).toBeNull();
  });
});
