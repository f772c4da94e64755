import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { NO_BRANCH, selectBranch, useSelectedBranch } from '../providers/branchSelection';
import { useCore } from '../providers/useCore';

/** The roles whose screens work per branch: the orders list and its stats. */
const BRANCH_ROLES = ['admin', 'production'];

/**
 * The branch the orders screens work on, kept in `selected_branch_id`. Members and
 * resellers see their own clients' orders whatever the branch, so for them it is not shown: a
 * member in Cape Town would otherwise read "Branch: Johannesburg" over its own page.
 */
export function BranchSelector() {
  const core = useCore();
  const translate = useTranslate();
  const branches = core?.branch_config ?? [];
  const selected = useSelectedBranch(branches);
  if (branches.length === 0 || !BRANCH_ROLES.includes(core?.user.role.role_name ?? '')) return null;
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
