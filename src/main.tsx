import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyDocumentLocale, storedLocale } from './i18n/localePreference';
import { Root } from './Root';

applyDocumentLocale(storedLocale());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
