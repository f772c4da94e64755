import { Alert } from '@mui/material';
import { Edit, ListButton, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { EditPageHeading } from '../../layout/FormPageHeading';
import { useRouteRecordId } from '../shared/useRouteRecordId';
import { ApproveLeadButton } from './ApproveLeadButton';
import { LeadForm, leadFields } from './LeadForm';
import type { Lead } from './leads';
import { ConsentHistorySection } from '../privacy/ConsentHistorySection';

/** Own actions replace the theme's default heading (src/theme/adminComponents.tsx), so it comes along. */
function Actions() {
  return (
    <>
      <EditPageHeading />
      <TopToolbar>
        <ListButton />
        <ApproveLeadButton label="membership.leads.convert" />
      </TopToolbar>
    </>
  );
}

/** Why a lead left the pipeline, when it says. */
function ClosedNote() {
  const lead = useRecordContext<Lead>();
  const translate = useTranslate();
  if (lead?.status === 'lost' && lead.reject_reason) {
    return <Alert severity="info">{translate('membership.leads.rejected_because', { reason: lead.reject_reason })}</Alert>;
  }
  if (lead?.status === 'converted') return <Alert severity="success">{translate('membership.leads.converted_note')}</Alert>;
  return null;
}

/** POPIA: the lead's consent to marketing mail, under its form. */
function LeadConsent() {
  const lead = useRecordContext<Lead>();
  return lead ? <ConsentHistorySection subject={{ lead_id: lead.id }} /> : null;
}

/** Pessimistic: a refused save (a field error from the server) shows on the form. */
export default function LeadEdit() {
  return (
    <Edit id={useRouteRecordId()} mutationMode="pessimistic" redirect="list" transform={leadFields} actions={<Actions />}>
      <ClosedNote />
      <LeadForm />
      <LeadConsent />
    </Edit>
  );
}
