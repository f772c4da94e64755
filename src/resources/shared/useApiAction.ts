import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import { ApiError, apiPost } from '../../providers/http';
import { useFailureNotice } from './failureNotice';

/** A notification: a message key, or a key with its arguments. */
export type Notice = string | { message: string; args?: Record<string, unknown> };

export interface ApiActionOptions<TVars, TResult> {
  /** The notice once the call succeeded, or how to word it from the answer; none where the screen shows the outcome itself. */
  success?: Notice | ((result: TResult, vars: TVars) => Notice | undefined);
  /** Re-read what react-admin shows (its lists and records, and `useApiGet` answers) once the call succeeded. */
  refresh?: boolean;
  /** After the success notice: clear a form, close a dialog, re-read one query. */
  onSuccess?: (result: TResult, vars: TVars) => unknown;
  /** After either outcome (a confirmation closes, whatever the answer). */
  onSettled?: () => unknown;
  /** The message of a 409 (a record in use), instead of the server's English words. */
  conflict?: string;
  /** The screen's own words for a refusal it explains (a key); nothing: the server's message. */
  failureMessage?: (error: Error) => string | undefined;
  /** False where the screen shows the refusal itself (`error`, `fieldErrors`) instead of a notification. */
  notifyFailure?: boolean;
}

export interface ApiAction<TVars, TResult> {
  /** Makes the call; settles once its outcome is shown, and never rejects. */
  run: (vars: TVars) => Promise<TResult | undefined>;
  isPending: boolean;
  /** The last run's answer, its variables and its refusal: cleared when the next run starts. */
  data: TResult | undefined;
  variables: TVars | undefined;
  error: Error | null;
  /** The refusal's messages by field (empty when it names none). */
  fieldErrors: Record<string, string>;
  /** Forgets the last outcome (a form whose fields the user has changed since). */
  reset: () => void;
}

const noticeOf = (notice: Notice) => (typeof notice === 'string' ? { message: notice } : notice);

/**
 * One call a screen makes on a click (save, send, retry…), as react-admin's own mutations run:
 * a TanStack mutation whose `isPending` keeps the button off while it runs, a notification for
 * its outcome, and react-admin's refresh where asked. `call` is a function of the screen's
 * `calls.ts` or an API path (posted to with the variables as its body).
 *
 * `run(vars)` settles once the outcome is shown and never rejects (the refusal has been said), so
 * a click handler or a confirmation can simply await it. A refusal's per-field messages are
 * `fieldErrors`, for a form to show beside its fields, until the next run.
 */
export function useApiAction<TVars extends object = Record<string, unknown>, TResult = unknown>(path: string, options?: ApiActionOptions<TVars, TResult>): ApiAction<TVars, TResult>;
export function useApiAction<TVars = void, TResult = unknown>(call: (vars: TVars) => Promise<TResult>, options?: ApiActionOptions<TVars, TResult>): ApiAction<TVars, TResult>;
export function useApiAction<TVars, TResult>(call: string | ((vars: TVars) => Promise<TResult>), options: ApiActionOptions<TVars, TResult> = {}): ApiAction<TVars, TResult> {
  const notify = useNotify();
  const refresh = useRefresh();
  const failed = useFailureNotice();
  const mutation = useMutation<TResult, Error, TVars>({
    mutationFn: typeof call === 'string' ? (vars) => apiPost<TResult>(call, vars ?? {}) : call,
    // The call is made even when the browser thinks it is offline, as a plain fetch would be: its
    // failure is said at once instead of the button waiting, disabled, for the connection.
    networkMode: 'always',
    onSuccess: async (result, vars) => {
      const success = typeof options.success === 'function' ? options.success(result, vars) : options.success;
      if (success) {
        const { message, args } = noticeOf(success);
        notify(message, { type: 'success', messageArgs: args });
      }
      if (options.refresh) refresh();
      await options.onSuccess?.(result, vars);
    },
    onError: (error) => {
      if (options.notifyFailure === false) return;
      const own = options.failureMessage?.(error);
      if (own) notify(own, { type: 'error' });
      else failed(error, options.conflict);
    },
    onSettled: async () => {
      await options.onSettled?.();
    },
  });
  const { mutateAsync, isPending, error, data, variables, reset } = mutation;
  return {
    run: (vars: TVars): Promise<TResult | undefined> => mutateAsync(vars).catch(() => undefined),
    isPending,
    data,
    variables,
    error,
    fieldErrors: error instanceof ApiError ? error.errors : {},
    reset,
  };
}
