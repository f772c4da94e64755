import { useEffect } from 'react';

/** "<page> — Members Portal", in the current language: `template` is app.page_title translated. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
