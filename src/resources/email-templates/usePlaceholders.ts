import { useGetList } from 'react-admin';
import type { Placeholder } from '../mailing-lists/types';

/** The placeholders a template may use (crm/placeholders), asked once per session. */
export function usePlaceholders(): Placeholder[] {
  const { data = [] } = useGetList<Placeholder & { id: string }>('mail-placeholders', {}, { staleTime: Infinity });
  return data;
}

/** How a placeholder is written in a template. */
export const placeholderText = (key: string) => `{{${key}}}`;
