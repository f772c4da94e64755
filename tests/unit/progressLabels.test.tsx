import { render, screen } from '@testing-library/react';
import { CircularProgress } from '@mui/material';
import { AdminContext, Loading, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import ar from '../../i18n/ar';
import { ProgressLabels } from '../../src/layout/ProgressLabels';

const i18nProvider = polyglotI18nProvider(() => ar, 'ar');

function renderLabelled(children: React.ReactNode) {
  return render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <ProgressLabels>{children}</ProgressLabels>
    </AdminContext>,
  );
}

describe('progress indicators have a name (axe aria-progressbar-name)', () => {
  it("react-admin's page-loading screen names its spinner in the user's language", async () => {
    renderLabelled(<Loading timeout={0} />);
    expect(await screen.findByRole('progressbar', { name: ar.ra.page.loading })).toBeTruthy();
  });

  it('a progress indicator that names itself keeps its own name', () => {
    renderLabelled(<CircularProgress aria-label="Sending" />);
    expect(screen.getByRole('progressbar', { name: 'Sending' })).toBeTruthy();
  });

  it('without ProgressLabels the spinner has no name (what axe reported)', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <Loading timeout={0} />
      </AdminContext>,
    );
    const spinner = await screen.findByRole('progressbar');
    expect(spinner.getAttribute('aria-label')).toBeNull();
  });
});
