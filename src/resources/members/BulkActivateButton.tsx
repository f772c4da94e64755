import { useState } from 'react';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Button, Confirm, useListContext, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import { apiPost } from '../../providers/http';

/** Bulk action: activate the memberships of the selected members, after a confirmation. */
export function BulkActivateButton() {
  const { selectedIds, resource } = useListContext();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);

  const activate = async () => {
    setBusy(true);
    try {
      // One call per member: each is its own transaction and audit entry.
      await Promise.all(selectedIds.map((id) => apiPost('api/clients/activate_membership', { id })));
      notify('members.membership.bulk_activated', { type: 'success' });
      unselectAll();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
      refresh();
    }
  };

  return (
    <>
      <Button label="members.membership.activate" onClick={() => setOpen(true)}>
        <VerifiedIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="members.membership.bulk_activate_title"
        content="members.membership.activate_content"
        onConfirm={activate}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
