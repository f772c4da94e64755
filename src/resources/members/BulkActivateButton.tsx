import VerifiedIcon from '@mui/icons-material/Verified';
import { useListContext, useRefresh, useUnselectAll } from 'react-admin';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { useActivateMemberships } from './useActivateMemberships';

/** Bulk action: activate the memberships of the selected members, after a confirmation. */
export function BulkActivateButton() {
  const { selectedIds, resource } = useListContext();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  // Activated or refused, the list is read again: some of the selection may have been activated.
  const activate = useActivateMemberships({ success: 'members.membership.bulk_activated', onSuccess: () => unselectAll(), onSettled: refresh });

  return (
    <ConfirmedButton
      label="members.membership.activate"
      icon={<VerifiedIcon />}
      title="members.membership.bulk_activate_title"
      content="members.membership.activate_content"
      onConfirm={() => activate.run(selectedIds)}
    />
  );
}
