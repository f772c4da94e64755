import HowToRegIcon from '@mui/icons-material/HowToReg';
import { useRecordContext } from 'react-admin';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { isClosed, type Lead } from './leads';
import { useApproveLead } from './useApproveLead';

/** "Approve": after a confirmation the lead becomes a member and the completion link is emailed. */
export function ApproveLeadButton({ label = 'membership.requests.approve' }: { label?: string }) {
  const lead = useRecordContext<Lead>();
  const approve = useApproveLead();
  if (!lead || isClosed(lead.status)) return null;
  return (
    <ConfirmedButton
      label={label}
      icon={<HowToRegIcon />}
      title="membership.requests.approve_title"
      content="membership.requests.approve_content"
      onConfirm={() => approve.run(lead)}
    />
  );
}
