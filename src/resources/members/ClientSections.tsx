import { useState, type ReactNode } from 'react';
import EditIcon from '@mui/icons-material/Edit';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { ArrayInput, Button, SimpleFormIterator, TextInput, email, required, useTranslate, useUpdate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDate } from '../../i18n/format';
import { apiPost } from '../../providers/http';
import { RecentOrders } from '../orders/RecentOrders';
import { FormDialog } from '../shared/FormDialog';
import { SavedElsewhereNotice } from '../shared/SavedElsewhereNotice';
import { EmptyText, SectionCard } from '../shared/SectionCard';
import { BranchName, MembershipStatusChip } from './MemberFields';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { MembershipFeeButton } from './MembershipFeeButton';
import { useActivateMemberships } from './useActivateMemberships';

/** A client as clients/client answers it (the client's fields and the orders of its page). */
export interface ClientDetails {
  id: number;
  type: string;
  name: string;
  contact_name: string;
  email: string;
  phone: string;
  address: string;
  branch_id: number | null;
  membership_status: string;
  membership_expires_at: string | null;
  rep_ids: number[];
  question_answers: Record<string, string>;
  archived: boolean;
  orders: Record<string, unknown>[];
  order_counts: { total: number; by_status: Record<string, number> };
}

interface SectionProps {
  client: ClientDetails;
  onSaved: () => void;
}

/** Label and value rows. */
export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Table size="small">
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ width: '35%', color: 'text.secondary', border: 0, py: 0.5 }}>
              {label}
            </TableCell>
            {/* bdi: phone numbers and addresses keep their order inside right-to-left pages. */}
            <TableCell sx={{ border: 0, py: 0.5 }}>{value ? <bdi>{value}</bdi> : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function EditAction({ label, onClick, to }: { label: string; onClick?: () => void; to?: string }) {
  return to ? (
    <Button component={Link} to={to} label={label}>
      <EditIcon />
    </Button>
  ) : (
    <Button label={label} onClick={onClick}>
      <EditIcon />
    </Button>
  );
}

/**
 * Name, type, contact and branch; the company edits everything (the member form), a member its
 * contact details. A screen with its own edit form (a rep's client page) passes `onEdit` instead.
 */
export function DetailsSection({
  client,
  isAdmin,
  onSaved,
  onEdit,
}: {
  client: Pick<ClientDetails, 'id' | 'type' | 'name' | 'contact_name' | 'email' | 'phone' | 'address' | 'branch_id' | 'archived'>;
  isAdmin: boolean;
  onSaved: () => void;
  onEdit?: () => void;
}) {
  const translate = useTranslate();
  const [update] = useUpdate();
  const [editing, setEditing] = useState(false);
  const field = (name: string) => translate(`resources.members.fields.${name}`);
  const save = async ({ name, contact_name, email: address, phone, address: postal }: Record<string, unknown>) => {
    await update(
      'members',
      { id: client.id, data: { name, contact_name, email: address, phone, address: postal }, previousData: client },
      { returnPromise: true, mutationMode: 'pessimistic' },
    );
    onSaved();
  };
  const action = client.archived ? null : onEdit ? (
    <EditAction label="members.view.edit_details" onClick={onEdit} />
  ) : isAdmin ? (
    <EditAction label="members.view.edit_details" to={`/members/${client.id}`} />
  ) : (
    <EditAction label="members.view.edit_details" onClick={() => setEditing(true)} />
  );
  return (
    <SectionCard title="members.view.details" action={action}>
      <Facts
        rows={[
          [field('type'), translate(`members.types.${client.type}`)],
          [field('contact_name'), client.contact_name],
          [field('email'), client.email],
          [field('phone'), client.phone],
          [field('address'), client.address],
          [field('branch_id'), <BranchName key="branch" id={client.branch_id} />],
        ]}
      />
      {editing && (
        <FormDialog open onClose={() => setEditing(false)} title="members.view.edit_details" resource="members" record={client} onSubmit={save} success="members.view.details_saved">
          {/* The company saving these details meanwhile is said here (the save sends If-Match). */}
          <SavedElsewhereNotice resource="members" onReload={onSaved} />
          <TextInput source="name" validate={required()} />
          <TextInput source="contact_name" />
          <TextInput source="email" type="email" validate={email()} />
          <TextInput source="phone" />
          <TextInput source="address" multiline minRows={2} />
        </FormDialog>
      )}
    </SectionCard>
  );
}

/** The membership state and expiry; the company activates it. */
export function MembershipSection({
  client,
  isAdmin,
  onSaved,
}: {
  client: Pick<ClientDetails, 'id' | 'membership_status' | 'membership_expires_at' | 'archived'>;
  isAdmin: boolean;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const activate = useActivateMemberships({ success: 'members.membership.activated', onSuccess: onSaved });
  const action = isAdmin && !client.archived && (
    <Stack direction="row" spacing={1}>
      <MembershipFeeButton clientId={client.id} status={client.membership_status} />
      <ConfirmedButton
        label="members.membership.activate"
        icon={<VerifiedIcon />}
        title="members.membership.activate_title"
        content="members.membership.activate_content"
        onConfirm={() => activate.run([client.id])}
      />
    </Stack>
  );
  return (
    <SectionCard title="members.view.membership" action={action}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <MembershipStatusChip status={client.membership_status} />
        <Typography color="text.secondary" data-testid="membership-expiry">
          {client.membership_expires_at
            ? translate('members.view.expires', { date: formatDate(client.membership_expires_at) })
            : translate('members.view.no_expiry')}
        </Typography>
      </Stack>
      {client.archived && (
        <Typography color="error" sx={{ mt: 1 }}>
          {translate('members.view.archived')}
        </Typography>
      )}
    </SectionCard>
  );
}

/**
 * The client's orders: the first page that clients/client answers. The orders issue gives these
 * records their columns; until then the section shows its empty state.
 */
export function OrdersSection({ client }: { client: ClientDetails }) {
  const translate = useTranslate();
  return (
    <RecentOrders
      title={translate('members.view.orders')}
      filter={{ client_id: client.id }}
      perPage={10}
      action={
        !client.archived && (
          <Button component={Link} to={`/create-order/${client.id}`} label="app.menu.create_order">
            <AddShoppingCartIcon />
          </Button>
        )
      }
    />
  );
}

/** The answers to the membership questions; the member and the company may correct them. */
export function AnswersSection({ client, canEdit, onSaved }: SectionProps & { canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const answers = Object.entries(client.question_answers);
  const save = async (values: Record<string, unknown>) => {
    const rows = (values.answers as { question?: string; answer?: string }[] | undefined) ?? [];
    const next = Object.fromEntries(rows.filter((row) => row.question?.trim()).map((row) => [row.question!.trim(), row.answer ?? '']));
    await apiPost('api/clients/save_question_answers', { id: client.id, answers: next });
    onSaved();
  };
  const action = canEdit && !client.archived && <EditAction label="members.view.edit_answers" onClick={() => setEditing(true)} />;
  return (
    <SectionCard title="members.view.answers" action={action}>
      {answers.length === 0 ? <EmptyText message="members.view.no_answers" /> : <Facts rows={answers} />}
      {editing && (
        <FormDialog
          open
          onClose={() => setEditing(false)}
          title="members.view.edit_answers"
          resource="members"
          record={{ id: client.id, answers: answers.map(([question, answer]) => ({ question, answer })) }}
          onSubmit={save}
          success="members.view.answers_saved"
        >
          <ArrayInput source="answers" label={false}>
            <SimpleFormIterator inline disableReordering>
              <TextInput source="question" label="members.view.question" validate={required()} />
              <TextInput source="answer" label="members.view.answer" />
            </SimpleFormIterator>
          </ArrayInput>
        </FormDialog>
      )}
    </SectionCard>
  );
}
