import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Chip } from '@mui/material';
import {
  EmailField,
  FunctionField,
  ListBase,
  ListToolbar,
  Pagination,
  SearchInput,
  TextField,
  useListContext,
  useTranslate,
} from 'react-admin';
import { MembershipStatusChip } from '../members/MemberFields';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { EmptyText, SectionCard } from '../shared/SectionCard';
import { useApiAction } from '../shared/useApiAction';
import type { ListMember } from './types';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';

/** Removes the ticked members from the list, after a confirmation naming how many. */
function RemoveMembersButton({ listId }: { listId: number }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const remove = useApiAction<{ id: number; client_ids: number[]; remove_client_ids: number[] }>('api/crm/savemailinglistclients', {
    success: (_, body) => ({ message: 'mailing.members.removed', args: { smart_count: body.remove_client_ids.length } }),
    refresh: true,
    onSuccess: () => onUnselectItems(),
  });
  return (
    <ConfirmedButton
      label="mailing.members.remove"
      icon={<PersonRemoveIcon />}
      title="mailing.members.remove_title"
      content={translate('mailing.members.remove_content', { smart_count: selectedIds.length })}
      onConfirm={() => remove.run({ id: listId, client_ids: [], remove_client_ids: selectedIds.map(Number) })}
    />
  );
}


function Unsubscribed() {
  const translate = useTranslate();
  return <Chip size="small" color="warning" variant="outlined" label={translate('mailing.members.unsubscribed')} />;
}

/** The member's address bounces: sends skip it until its email changes. */
function Undeliverable() {
  const translate = useTranslate();
  return <Chip size="small" color="error" variant="outlined" label={translate('mailing.members.undeliverable')} />;
}

/** Why a member gets no list mail, if it does not. */
const mailState = (member: ListMember) => (member.unsubscribed ? <Unsubscribed /> : member.undeliverable ? <Undeliverable /> : null);

/** On a phone: the member, whether it unsubscribed, then its email and type. */
const phoneRow: PhoneRow<ListMember & { id: number }> = {
  primaryText: (member) => member.name,
  tertiaryText: (member) => mailState(member) ?? <MembershipStatusChip status={member.membership_status} />,
  secondaryText: (member) => <Facts parts={[member.email, <TypeName type={member.type} />]} />,
};

/**
 * The list's members (crm/mailinglist), paged and searched by the server; who unsubscribed is
 * marked (later sends skip them); ticked members can be removed together.
 */
export function MembersCard({ listId, children }: { listId: number; children?: React.ReactNode }) {
  const translate = useTranslate();
  // Beside "Search clients", a plain "Search" would not say what it searches.
  const searchLabel = translate('resources.mailing-list-members.fields.q');
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={searchLabel} slotProps={{ htmlInput: { 'aria-label': searchLabel } }} />];
  return (
    <SectionCard title="mailing.members.title">
      {children}
      <ListBase<ListMember & { id: number }>
        resource="mailing-list-members"
        filter={{ id: listId }}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        disableSyncWithLocation
        // Ticked members belong to this list only: kept in memory, not in the store shared by every list.
        storeKey={false}
      >
        <ListToolbar filters={filters} actions={false} />
        <ResponsiveDatagrid phone={phoneRow} bulkActionButtons={<RemoveMembersButton listId={listId} />} empty={<EmptyText message="mailing.members.none" />}>
          <TextField source="name" sortable={false} />
          <EmailField source="email" sortable={false} />
          <FunctionField source="type" sortable={false} render={(member: ListMember) => <TypeName type={member.type} />} />
          <FunctionField source="membership_status" sortable={false} render={(member: ListMember) => <MembershipStatusChip status={member.membership_status} />} />
          <FunctionField source="unsubscribed" sortable={false} render={(member: ListMember) => mailState(member)} />
        </ResponsiveDatagrid>
        <Pagination />
      </ListBase>
    </SectionCard>
  );
}

function TypeName({ type }: { type: string }) {
  const translate = useTranslate();
  return <>{translate(`members.types.${type}`, { _: type })}</>;
}
