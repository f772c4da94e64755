import { useState } from 'react';
import EditIcon from '@mui/icons-material/Edit';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Card, CardContent, CardHeader, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import {
  ArrayInput,
  Button,
  Confirm,
  SimpleFormIterator,
  TextInput,
  email,
  required,
  useNotify,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDate } from '../../i18n/format';
import { apiPost } from '../../providers/http';
import { FormDialog } from '../shared/FormDialog';
import { BranchName, MembershipStatusChip } from './MemberFields';

/** A client as clients/client answers it (DESIGN §4 and the orders of its page). */
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

/** A label and its value in a details card. */
export function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ width: '35%', color: 'text.secondary', border: 0, py: 0.5 }}>
        {label}
      </TableCell>
      <TableCell sx={{ border: 0, py: 0.5 }}>{children || '—'}</TableCell>
    </TableRow>
  );
}

/**
 * Name, type, contact and branch; the company edits everything, a member its contact details.
 * A screen with its own edit form (a rep's client page) passes `onEdit` instead.
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
  const save = async (values: Record<string, unknown>) => {
    const { name, contact_name, email: address, phone, address: postal } = values;
    await update(
      'members',
      { id: client.id, data: { name, contact_name, email: address, phone, address: postal }, previousData: client },
      { returnPromise: true, mutationMode: 'pessimistic' },
    );
    onSaved();
  };
  const editButton = client.archived ? null : onEdit ? (
    <Button label="members.view.edit_details" onClick={onEdit}>
      <EditIcon />
    </Button>
  ) : isAdmin ? (
    <Button component={Link} to={`/members/${client.id}`} label="members.view.edit_details">
      <EditIcon />
    </Button>
  ) : (
    <Button label="members.view.edit_details" onClick={() => setEditing(true)}>
      <EditIcon />
    </Button>
  );
  return (
    <Card>
      <CardHeader title={translate('members.view.details')} action={editButton} />
      <CardContent>
        <Table size="small">
          <TableBody>
            <Row label={field('type')}>{translate(`members.types.${client.type}`)}</Row>
            <Row label={field('contact_name')}>{client.contact_name}</Row>
            <Row label={field('email')}>{client.email}</Row>
            <Row label={field('phone')}>{client.phone}</Row>
            <Row label={field('address')}>{client.address}</Row>
            <Row label={field('branch_id')}>
              <BranchName id={client.branch_id} />
            </Row>
          </TableBody>
        </Table>
      </CardContent>
      {editing && (
        <FormDialog
          open
          onClose={() => setEditing(false)}
          title="members.view.edit_details"
          resource="members"
          record={client}
          onSubmit={save}
          success="members.view.details_saved"
        >
          <TextInput source="name" validate={required()} />
          <TextInput source="contact_name" />
          <TextInput source="email" type="email" validate={email()} />
          <TextInput source="phone" />
          <TextInput source="address" multiline minRows={2} />
        </FormDialog>
      )}
    </Card>
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
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const activate = async () => {
    setBusy(true);
    try {
      await apiPost('api/clients/activate_membership', { id: client.id });
      notify('members.membership.activated', { type: 'success' });
      onSaved();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <Card>
      <CardHeader
        title={translate('members.view.membership')}
        action={
          isAdmin &&
          !client.archived && (
            <Button label="members.membership.activate" onClick={() => setConfirming(true)}>
              <VerifiedIcon />
            </Button>
          )
        }
      />
      <CardContent>
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
      </CardContent>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="members.membership.activate_title"
        content="members.membership.activate_content"
        onConfirm={activate}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

/**
 * The client's orders: the first page that clients/client answers. The orders issue gives these
 * records their columns; until then the section shows its empty state.
 */
export function OrdersSection({ client }: { client: ClientDetails }) {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader title={translate('members.view.orders')} subheader={translate('members.view.order_count', { count: client.order_counts.total })} />
      <CardContent>
        {client.orders.length === 0 ? (
          <Typography color="text.secondary">{translate('members.view.no_orders')}</Typography>
        ) : (
          <Table size="small">
            <TableBody>
              {client.orders.map((order) => (
                <TableRow key={String(order.id)}>
                  <TableCell>
                    <Link to={`/client/view/order/${order.id}`}>{String(order.reference ?? order.id)}</Link>
                  </TableCell>
                  <TableCell>{String(order.status ?? '')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** The answers to the membership questions; the member and the company may correct them. */
export function AnswersSection({ client, canEdit, onSaved }: { client: ClientDetails; canEdit: boolean; onSaved: () => void }) {
  const translate = useTranslate();
  const [editing, setEditing] = useState(false);
  const answers = Object.entries(client.question_answers);
  const save = async (values: Record<string, unknown>) => {
    const rows = (values.answers as { question?: string; answer?: string }[] | undefined) ?? [];
    const next = Object.fromEntries(rows.filter((row) => row.question?.trim()).map((row) => [row.question!.trim(), row.answer ?? '']));
    await apiPost('api/clients/save_question_answers', { id: client.id, answers: next });
    onSaved();
  };
  return (
    <Card>
      <CardHeader
        title={translate('members.view.answers')}
        action={
          canEdit &&
          !client.archived && (
            <Button label="members.view.edit_answers" onClick={() => setEditing(true)}>
              <EditIcon />
            </Button>
          )
        }
      />
      <CardContent>
        {answers.length === 0 ? (
          <Typography color="text.secondary">{translate('members.view.no_answers')}</Typography>
        ) : (
          <Table size="small">
            <TableBody>
              {answers.map(([question, answer]) => (
                <Row key={question} label={question}>
                  {answer}
                </Row>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
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
    </Card>
  );
}
