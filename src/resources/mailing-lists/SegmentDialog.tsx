import { useState } from 'react';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { LabelButton } from '../shared/LabelButton';
import { statusChoices, typeChoices, useBranchChoices } from '../members/choices';
import { useApiAction } from '../shared/useApiAction';

interface Segment {
  type: string;
  branch_id: number | '';
  membership_status: string;
}

const anyValue: Segment = { type: '', branch_id: '', membership_status: '' };

/** A choice of one criterion; empty means any value. */
function CriterionSelect({ label, value, choices, onChange }: { label: string; value: string | number; choices: { id: string | number; name: string }[]; onChange: (value: string) => void }) {
  const translate = useTranslate();
  return (
    <TextField select size="small" label={translate(label)} value={value} onChange={(event) => onChange(event.target.value)} fullWidth>
      <MenuItem value="">
        <em>{translate('mailing.segment.any')}</em>
      </MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {translate(choice.name, { _: choice.name })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * "Add by segment": every client of a type, branch and membership status (crm/addsegment); the
 * server adds those not yet on the list and says how many that was.
 */
export function SegmentButton({ listId }: { listId: number }) {
  const translate = useTranslate();
  const branches = useBranchChoices();
  const [open, setOpen] = useState(false);
  const [segment, setSegment] = useState<Segment>(anyValue);
  const addSegment = useApiAction<Record<string, unknown>, { data: { added: number } }>('api/crm/addsegment', {
    success: (answer) => ({ message: 'mailing.members.added', args: { smart_count: answer.data.added } }),
    refresh: true,
    onSuccess: () => {
      setOpen(false);
      setSegment(anyValue);
    },
  });

  // The server takes a segment of at least one criterion (not "every client").
  const chosen = segment.type !== '' || segment.branch_id !== '' || segment.membership_status !== '';
  const add = () =>
    void addSegment.run({
      id: listId,
      ...(segment.type ? { type: segment.type } : {}),
      ...(segment.branch_id !== '' ? { branch_id: segment.branch_id } : {}),
      ...(segment.membership_status ? { membership_status: segment.membership_status } : {}),
    });

  return (
    <>
      <Button label="mailing.segment.open" onClick={() => setOpen(true)} variant="outlined" sx={{ mt: 0.5 }}>
        <FilterAltIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="segment-title">
        <DialogTitle id="segment-title">{translate('mailing.segment.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('mailing.segment.hint')}</DialogContentText>
          <Stack spacing={2}>
            <CriterionSelect label="mailing.segment.type" value={segment.type} choices={typeChoices} onChange={(type) => setSegment({ ...segment, type })} />
            <CriterionSelect
              label="mailing.segment.branch"
              value={segment.branch_id}
              choices={branches}
              onChange={(branch) => setSegment({ ...segment, branch_id: branch === '' ? '' : Number(branch) })}
            />
            <CriterionSelect
              label="mailing.segment.membership_status"
              value={segment.membership_status}
              choices={statusChoices}
              onChange={(membership_status) => setSegment({ ...segment, membership_status })}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <LabelButton label="ra.action.cancel" onClick={() => setOpen(false)} />
          <LabelButton label="mailing.segment.add" variant="contained" onClick={add} disabled={addSegment.isPending || !chosen} />
        </DialogActions>
      </Dialog>
    </>
  );
}
