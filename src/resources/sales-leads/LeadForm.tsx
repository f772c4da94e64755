import { Grid } from '@mui/material';
import { SelectInput, SimpleForm, TextInput, email, maxLength, required, useRecordContext } from 'react-admin';
import { PortalDateInput } from '../shared/DateInputs';
import { useBranchChoices } from '../members/choices';
import { leadSourceChoices, leadStatusChoices, memberTypeChoices } from './LeadFields';
import type { Lead } from './leads';
import { OwnerInput } from './OwnerInput';

/** A follow-up date counts from the start of that day (UTC), so it is due all of that day. */
export const dateToFollowUp = (value: string | null | undefined): string | null =>
  value ? new Date(`${value.slice(0, 10)}T00:00:00.000Z`).toISOString() : null;

/** An emptied text input reads as null in react-admin; the API's text fields take '' for "none". */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** What crm/savelead takes from the admin's form; the rest of a lead is the server's. */
export const leadFields = ({
  name, contact_name, email, phone, company, client_type, branch_id, owner_id, notes, follow_up_at, status, source,
}: Record<string, unknown>) => ({
  name, contact_name: text(contact_name), email: text(email), phone: text(phone), company: text(company), client_type,
  branch_id: branch_id ?? null, owner_id: owner_id ?? null, notes: text(notes), follow_up_at: follow_up_at ?? null, status, source,
});

const validateName = [required(), maxLength(200)];

/**
 * A lead's form. "Converted" is not a status to pick: converting is the membership approval
 * (the Approve button), which creates the client and emails the completion link.
 */
export function LeadForm() {
  const record = useRecordContext<Lead>();
  const branches = useBranchChoices();
  const statuses = leadStatusChoices.map((choice) => ({ ...choice, disabled: choice.id === 'converted' && record?.status !== 'converted' }));
  const half = { xs: 12, md: 6 };
  return (
    <SimpleForm>
      <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 900 }}>
        <Grid size={half}>
          <TextInput source="name" validate={validateName} />
        </Grid>
        <Grid size={half}>
          <TextInput source="company" />
        </Grid>
        <Grid size={half}>
          <TextInput source="contact_name" />
        </Grid>
        <Grid size={half}>
          <TextInput source="email" type="email" validate={email()} />
        </Grid>
        <Grid size={half}>
          <TextInput source="phone" />
        </Grid>
        <Grid size={half}>
          <SelectInput source="client_type" choices={memberTypeChoices} validate={required()} />
        </Grid>
        <Grid size={half}>
          <SelectInput source="branch_id" choices={branches} emptyText="members.view.no_branch" />
        </Grid>
        <Grid size={half}>
          <OwnerInput emptyText="membership.leads.no_owner" />
        </Grid>
        <Grid size={half}>
          <SelectInput source="status" choices={statuses} validate={required()} />
        </Grid>
        <Grid size={half}>
          <SelectInput source="source" choices={leadSourceChoices} validate={required()} />
        </Grid>
        <Grid size={half}>
          <PortalDateInput source="follow_up_at" toValue={dateToFollowUp} />
        </Grid>
        <Grid size={12}>
          <TextInput source="notes" multiline minRows={3} />
        </Grid>
      </Grid>
    </SimpleForm>
  );
}
