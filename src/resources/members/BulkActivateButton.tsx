import { useState } from 'react';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Button, Confirm, useListContext, useRefresh, useUnselectAll } from 'react-admin';
import { useActivateMemberships } from './useActivateMemberships';

/** Bulk action: activate the memberships of the selected members, after a confirmation. */
export function BulkActivateButton() {
  const { selectedIds, resource } = useListContext();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const activateMemberships = useActivateMemberships();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);

  const activate = async () => {
    setBusy(true);
    if (await activateMemberships(selectedIds, 'members.membership.bulk_activated')) unselectAll();
    setBusy(false);
    setOpen(false);
    refresh();
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
