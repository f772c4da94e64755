import { HttpError } from 'react-admin';
import { ApiError, apiPost } from '../../providers/http';

/** The fields reps/saveclient takes from the client form. */
const fields = ['type', 'name', 'contact_name', 'email', 'phone', 'address', 'branch_id'] as const;

/**
 * reps/saveclient for the rep `repUserId`: creates without `id`, updates with one, naming the
 * `version` the form was opened at (If-Match: a client saved by someone else since is a 409). A
 * refusal becomes react-admin's HttpError, so the form dialog shows the field errors next to the
 * inputs; a stale save says so in the user's language.
 */
export async function saveRepClient(repUserId: number, values: Record<string, unknown>, id?: number, version?: number): Promise<{ id: number }> {
  const body: Record<string, unknown> = { rep_user_id: repUserId, ...(id === undefined ? {} : { id }) };
  for (const field of fields) if (values[field] !== undefined) body[field] = values[field] === '' && field === 'branch_id' ? null : values[field];
  try {
    return (await apiPost<{ data: { id: number } }>('api/reps/saveclient', body, version === undefined ? undefined : { 'If-Match': `"${version}"` })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.errors.version) throw new HttpError('live.stale_save', 409, { message: error.message });
    if (error instanceof ApiError) throw new HttpError(error.message, error.status, { message: error.message, errors: error.errors });
    throw error;
  }
}
