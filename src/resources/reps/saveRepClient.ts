import { HttpError } from 'react-admin';
import { ApiError, apiPost } from '../../providers/http';

/** The fields reps/saveclient takes from the client form. */
const fields = ['type', 'name', 'contact_name', 'email', 'phone', 'address', 'branch_id'] as const;

/**
 * reps/saveclient for the rep `repUserId`: creates without `id`, updates with one. A refusal
 * becomes react-admin's HttpError, so the form dialog shows the field errors next to the inputs.
 */
export async function saveRepClient(repUserId: number, values: Record<string, unknown>, id?: number): Promise<{ id: number }> {
  const body: Record<string, unknown> = { rep_user_id: repUserId, ...(id === undefined ? {} : { id }) };
  for (const field of fields) if (values[field] !== undefined) body[field] = values[field] === '' && field === 'branch_id' ? null : values[field];
  try {
    return (await apiPost<{ data: { id: number } }>('api/reps/saveclient', body)).data;
  } catch (error) {
    if (error instanceof ApiError) throw new HttpError(error.message, error.status, { message: error.message, errors: error.errors });
    throw error;
  }
}
