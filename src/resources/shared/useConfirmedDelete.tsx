import { useState } from 'react';
import { Confirm, useDelete, useNotify, type RaRecord } from 'react-admin';

export interface ConfirmedDeleteOptions<T extends RaRecord> {
  /** Keys of the confirmation's title (may use %{name}) and text, and of the success notice. */
  title: string;
  content: string;
  success: string;
  nameOf: (record: T) => string;
  /** Runs after the call, whether it succeeded or not (a refetch). */
  after: () => Promise<unknown>;
}

/**
 * Delete (or deactivate) a row after a confirmation: `ask(record)` opens it, `dialog` is the
 * confirmation to render. A refusal from the API (a 409) is shown as a notification.
 */
export function useConfirmedDelete<T extends RaRecord>(resource: string, options: ConfirmedDeleteOptions<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const [remove, { isPending }] = useDelete();
  const notify = useNotify();
  const confirm = async () => {
    try {
      await remove(resource, { id: target!.id, previousData: target! }, { returnPromise: true, mutationMode: 'pessimistic' });
      notify(options.success, { type: 'success' });
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
    setTarget(null);
    await options.after();
  };
  const dialog = (
    <Confirm
      isOpen={target !== null}
      loading={isPending}
      title={options.title}
      translateOptions={{ name: target ? options.nameOf(target) : '' }}
      content={options.content}
      onConfirm={confirm}
      onClose={() => setTarget(null)}
    />
  );
  return { ask: setTarget, dialog };
}
