import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { NO_BRANCH, selectBranch, useSelectedBranch } from '../providers/branchSelection';
import { useCore } from '../providers/useCore';

/** The branch the orders screens work on (SPEC §4), kept in `selected_branch_id`. */
export function BranchSelector() {
  const core = useCore();
  const translate = useTranslate();
  const branches = core?.branch_config ?? [];
  const selected = useSelectedBranch(branches);
  if (branches.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      margin="none"
      // react-admin's theme makes inputs full width; in the top bar this one must stay compact.
      fullWidth={false}
      label={translate('app.layout.branch')}
      value={selected}
      onChange={(event) => selectBranch(Number(event.target.value))}
      sx={{ minWidth: 150, mx: 1, mt: 1, mb: 0.5 }}
      slotProps={{ select: { inputProps: { 'data-testid': 'branch-select' } } }}
    >
      {selected === NO_BRANCH && <MenuItem value={NO_BRANCH}>{translate('app.layout.no_branch')}</MenuItem>}
      {branches.map((branch) => (
        <MenuItem key={branch.id} value={branch.id}>
          {branch.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
