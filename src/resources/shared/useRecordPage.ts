import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';

/** The record id in the path parameter `param` of a record's page; `valid` when it is one. */
export function usePathId(param: string): { id: number; valid: boolean } {
  const id = Number(useParams()[param]);
  return { id, valid: Number.isInteger(id) && id > 0 };
}

/**
 * A page whose record is not the caller's looks missing: when `missing` (no valid id,
 * or the API answered 404) it goes to /404.
 */
export function useNotFoundPage(missing: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (missing) navigate('/404', { replace: true });
  }, [missing, navigate]);
}
