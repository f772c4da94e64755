import { useParams } from 'react-router-dom';

/**
 * The edited record's id as the API wants it: an integer. react-admin reads `/products/12` as the
 * text "12" and sends that on update, which the API's schema refuses.
 */
export function useRouteRecordId(): number | undefined {
  const { id } = useParams();
  return id && /^[0-9]+$/.test(id) ? Number(id) : undefined;
}
