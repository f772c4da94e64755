import { useEffect, useRef, useState } from 'react';
import { Alert, Button, type AlertProps } from '@mui/material';
import { useDataProvider, useRecordContext, useRefresh, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import type { LiveEvent } from '../../providers/liveEvents';

/**
 * On an edit form: says so when someone else saves the record being edited, from the
 * record's live events (`resource/{name}/{id}`). The record is read apart from the form's own query:
 * refetching that one would reset the form and drop what the user typed. Its version is compared
 * with the one the form was opened at, so the user's own save (which moves both) says nothing.
 * Reload brings their changes into the form; a save made without reloading is refused (409).
 */
export function SavedElsewhereNotice({
  resource,
  read,
  onReload,
}: {
  resource: string;
  /** How this caller reads the record, when not as `resource` (a rep reads its client at reps/client). */
  read?: (id: Identifier) => Promise<{ version?: number }>;
  /** How the screen reads its record again, when not through react-admin's queries. */
  onReload?: () => void;
}) {
  const record = useRecordContext<RaRecord & { version?: number }>();
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const [theirs, setTheirs] = useState<number | null>(null);
  const id = record?.id;
  const reading = useRef(0);

  useEffect(() => {
    if (id === undefined) return;
    const topic = `resource/${resource}/${id}`;
    let live = true;
    const callback = (event: LiveEvent) => {
      if (event.type !== 'updated' && event.type !== 'resync') return;
      const turn = ++reading.current;
      (read ? read(id) : dataProvider.getOne<RaRecord & { version?: number }>(resource, { id }).then(({ data }) => data))
        .then((data) => live && turn === reading.current && typeof data.version === 'number' && setTheirs(data.version))
        .catch(() => undefined);
    };
    // A data provider without the realtime functions (a test's) leaves the form as it was.
    const call = (name: 'subscribe' | 'unsubscribe') => Promise.resolve().then(() => dataProvider[name](topic, callback)).catch(() => undefined);
    void call('subscribe');
    return () => {
      live = false;
      void call('unsubscribe');
    };
    // `read` is a reading of the same record: a new function each render is not a new record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataProvider, resource, id]);

  const mine = record?.version;
  if (theirs === null || typeof mine !== 'number' || theirs <= mine) return null;
  return <SavedElsewhereAlert onReload={onReload ?? refresh} sx={{ m: 2, mb: 0 }} />;
}

/** The notice itself, for any form that knows someone else saved its record: Reload takes their changes. */
export function SavedElsewhereAlert({ onReload, sx }: { onReload: () => void; sx?: AlertProps['sx'] }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="warning"
      role="status"
      data-testid="saved-elsewhere"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          {translate('live.reload')}
        </Button>
      }
    >
      {translate('live.saved_elsewhere')}
    </Alert>
  );
}
