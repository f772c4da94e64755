import { useTranslate } from 'react-admin';
import { usePageTitle } from '../i18n/pageTitle';

/** The screen's name, set as "<page> — Members Portal" in the browser tab. */
export function usePortalTitle(page: string): string {
  const translate = useTranslate();
  const name = translate(`app.pages.${page}`);
  usePageTitle(translate('app.page_title', { page: name }));
  return name;
}
