import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { FormControlLabel, Radio, RadioGroup, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { Button, FunctionField, List, TopToolbar, useNotify, useRefresh, useTranslate } from 'react-admin';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { ClientPicker, type PickedClient } from '../orders/ClientPicker';
import { ActionDialog } from '../billing/ActionDialog';
import { PageHeading } from '../shared/PageHeading';
import { ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { EmptyText, RowAction } from '../shared/SectionCard';
import { useConfirmedDelete } from '../shared/useConfirmedDelete';
import { useLiveRefresh } from '../shared/useLiveRefresh';
import { saveRule } from './calls';
import type { BankRule } from '../../../shared/banking/records';

/** What a rule does: match to its client, or ignore. */
function RuleTarget({ rule }: { rule: BankRule }) {
  const translate = useTranslate();
  if (rule.ignore) return <>{translate('banking.rules.ignore')}</>;
  return (
    <>
      {translate('banking.rules.client')} 
      <bdi>{rule.client_name}</bdi>
    </>
  );
}

/** A new rule: the words a line holds, then a client to match it to, or ignore. */
function RuleDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [pattern, setPattern] = useState('');
  const [target, setTarget] = useState<'client' | 'ignore'>('client');
  const [client, setClient] = useState<PickedClient | null>(null);
  const ready = pattern.trim().length >= 3 && (target === 'ignore' || client !== null);

  async function save() {
    await saveRule(target === 'ignore' ? { pattern: pattern.trim(), ignore: true } : { pattern: pattern.trim(), client_id: client!.id });
    notify('banking.rules.saved', { type: 'success' });
    onSaved();
  }

  return (
    <ActionDialog title={translate('banking.rules.title')} submit="ra.action.save" ready={ready} action={save} onClose={onClose}>
      {(failure) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('banking.rules.hint')}
          </Typography>
          <MuiTextField
            label={translate('banking.rules.pattern')}
            name="pattern"
            value={pattern}
            onChange={(event) => setPattern(event.target.value)}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 200 } }}
            error={Boolean(failure?.errors.pattern)}
            helperText={failure?.errors.pattern ?? translate('banking.rules.pattern_hint')}
          />
          <RadioGroup value={target} onChange={(event) => setTarget(event.target.value as 'client' | 'ignore')} aria-label={translate('banking.rules.target')}>
            <FormControlLabel value="client" control={<Radio />} label={translate('banking.rules.to_client')} />
            <FormControlLabel value="ignore" control={<Radio />} label={translate('banking.rules.to_ignore')} />
          </RadioGroup>
          {target === 'client' && <ClientPicker value={client} onChange={setClient} />}
          {failure?.errors.client_id && <Typography color="error">{failure.errors.client_id}</Typography>}
        </Stack>
      )}
    </ActionDialog>
  );
}

function RuleActionsBar() {
  const [adding, setAdding] = useState(false);
  const refresh = useRefresh();
  return (
    <TopToolbar>
      <Button label="banking.rules.add" onClick={() => setAdding(true)} variant="contained">
        <AddIcon />
      </Button>
      {adding && <RuleDialog onClose={() => setAdding(false)} onSaved={refresh} />}
    </TopToolbar>
  );
}

/**
 * /bank-rules (admin): the rules the import follows for payers whose text names no invoice or
 * payment reference: words → a client (matched when the amount fits), or → ignore (bank charges).
 * Added in a dialog, deleted after a confirmation; live when another admin changes them.
 */
export default function RuleList() {
  const title = usePortalTitle('bank_rules');
  const refresh = useRefresh();
  useLiveRefresh('bank-rules');
  const remove = useConfirmedDelete<BankRule>('bank-rules', {
    title: 'banking.rules.delete_title',
    content: 'banking.rules.delete_content',
    success: 'banking.rules.deleted',
    nameOf: (rule) => rule.pattern,
    after: async () => refresh(),
  });
  const deleteButton = (rule: BankRule) => <RowAction label="banking.rules.delete" icon={<DeleteIcon fontSize="small" />} onClick={() => remove.ask(rule)} />;
  const phoneRow: PhoneRow<BankRule> = {
    primaryText: (rule) => <bdi>{rule.pattern}</bdi>,
    secondaryText: (rule) => <RuleTarget rule={rule} />,
    actions: deleteButton,
  };
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <PageHeading>{title}</PageHeading>
      {/* The API answers every rule at once (an admin keeps a few dozen): no pages. */}
      <List resource="bank-rules" title={title} sort={{ field: 'id', order: 'ASC' }} perPage={1000} pagination={false} exporter={false} actions={<RuleActionsBar />} empty={false}>
        <ResponsiveDatagrid phone={phoneRow} bulkActionButtons={false} rowClick={false} empty={<EmptyText message="banking.rules.none" />}>
          <FunctionField source="pattern" sortable={false} render={(rule: BankRule) => <bdi>{rule.pattern}</bdi>} />
          <FunctionField source="target" sortable={false} render={(rule: BankRule) => <RuleTarget rule={rule} />} />
          <FunctionField source="actions" sortable={false} textAlign="right" render={deleteButton} />
        </ResponsiveDatagrid>
      </List>
      {remove.dialog}
    </Stack>
  );
}
