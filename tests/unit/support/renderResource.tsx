import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import en from '../../../i18n/en';
import { dataProvider } from '../../../src/providers/dataProvider';

const i18nProvider = polyglotI18nProvider(() => en, 'en');

/**
 * A resource's screen as the back office shows it: at its path, in English, on the real data
 * provider (whose requests the test's msw handlers answer), with anything else the test needs
 * beside it (a `<Notification />`).
 */
export function renderResource(resource: string, screen: ReactNode, beside?: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[`/${resource}`]}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <ResourceContextProvider value={resource}>{screen}</ResourceContextProvider>
        {beside}
      </AdminContext>
    </MemoryRouter>,
  );
}
