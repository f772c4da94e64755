import { useState } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Chip, Stack, type ChipProps } from '@mui/material';
import { FunctionField, List, SelectInput, TextField, TextInput, required, useRecordContext, useRefresh, useTranslate, Button } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../i18n/format';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { DateField } from '../shared/DateField';
import { FormDialog } from '../shared/FormDialog';
import { PageHeading } from '../shared/PageHeading';
import { ListEmptyText } from '../shared/SectionCard';
import { useApiAction } from '../shared/useApiAction';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { approveErasure, declineErasure, type ErasureRequest } from '../privacy/calls';

const statuses: ErasureRequest['status'][] = ['pending', 'approved', 'declined'];
const colours: Record<ErasureRequest['status'], ChipProps['color']> = { pending: 'warning', approved: 'success', declined: 'default' };

function StatusChip() {
  const translate = useTranslate();
  const request = useRecordContext<ErasureRequest>();
  if (!request) return null;
  return <Chip size="small" color={colours[request.status]} label={translate(`privacy.erasure.statuses.${request.status}`)} />;
}

function MemberLink() {
  const request = useRecordContext<ErasureRequest>();
  if (!request) return null;
  return (
    <Link to={`/clients/view/${request.client_id}`}>
      <bdi>{request.client_name}</bdi>
    </Link>
  );
}

/** Approve (the erasure runs at once, after a confirmation) or decline with a reason the member is shown. */
function Decision() {
  const request = useRecordContext<ErasureRequest>();
  const refresh = useRefresh();
  const [declining, setDeclining] = useState(false);
  // Approved or refused, the list is read again: a refusal may mean another admin decided first.
  const approve = useApiAction(approveErasure, { success: 'privacy.erasure.approved', onSettled: refresh });
  if (!request || request.status !== 'pending') return null;
  const decline = async (values: Record<string, unknown>) => {
    await declineErasure(request.id, String(values.reason ?? ''));
    refresh();
  };
  return (
    <Stack direction="row" spacing={1}>
      <ConfirmedButton label="privacy.erasure.approve" icon={<CheckIcon />} title="privacy.erasure.approve_title" content="privacy.erasure.approve_content" onConfirm={() => approve.run(request.id)} />
      <Button label="privacy.erasure.decline" onClick={() => setDeclining(true)}>
        <CloseIcon />
      </Button>
      {declining && (
        <FormDialog open onClose={() => setDeclining(false)} title="privacy.erasure.decline_title" resource="erasure-requests" record={{ id: request.id }} onSubmit={decline} success="privacy.erasure.declined">
          <TextInput source="reason" multiline minRows={2} validate={required()} fullWidth />
        </FormDialog>
      )}
    </Stack>
  );
}

const phoneRow: PhoneRow<ErasureRequest> = {
  primaryText: (request) => <bdi>{request.client_name}</bdi>,
  tertiaryText: () => <StatusChip />,
  secondaryText: (request) => <Facts parts={[formatDateTime(request.requested_at), request.decline_reason ?? '']} />,
  actions: () => <Decision />,
};

const filters = [<SelectInput key="status" source="status" choices={statuses.map((id) => ({ id, name: `privacy.erasure.statuses.${id}` }))} alwaysOn />];

/** /erasure-requests: what members asked to have erased (the waiting ones unless the filter says otherwise), with the admin's decision. */
export default function ErasureRequestList() {
  const title = usePortalTitle('erasure_requests');
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List title={title} filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'requested_at', order: 'DESC' }} exporter={false} empty={false}>
        <ResponsiveDatagrid
          phone={phoneRow}
          bulkActionButtons={false}
          rowClick={false}
          empty={<ListEmptyText none="privacy.erasure.none" noMatch="privacy.erasure.none_match" />}
        >
          <DateField source="requested_at" showTime />
          <FunctionField source="client_name" sortable={false} render={() => <MemberLink />} />
          <TextField source="requested_by_name" sortable={false} emptyText="—" />
          <FunctionField source="status" render={() => <StatusChip />} />
          <DateField source="decided_at" showTime emptyText="—" />
          <TextField source="decline_reason" sortable={false} emptyText="—" />
          <Decision />
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
