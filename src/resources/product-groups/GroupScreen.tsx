import { useEffect, useMemo, useReducer, useState } from 'react';
import { useParams } from 'react-router-dom';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Autocomplete,
  Box,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  Chip,
  FormControlLabel,
  FormGroup,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableContainer,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Loading, Title, useGetList, useGetOne, useTranslate } from 'react-admin';
import { LabelButton } from '../shared/LabelButton';
import { useApiAction } from '../shared/useApiAction';
import { roleLabel } from '../../i18n/roleName';
import { apiPost } from '../../providers/http';
import { formatMoney } from '../../i18n/format';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { isValidPercentileChange, rolePrice } from '../../../shared/pricing/priceRule';
import {
  type GroupDetails,
  type GroupSelection,
  type PricingRole,
  type ProductSummary,
  emptySelection,
  groupSelection,
  savePayload,
  shownProducts,
} from './groupSelection';

/** The base price of the live example when the group has no product yet: R 100.00. */
const EXAMPLE_BASE_CENTS = 10_000;

function ProductPicker({ onPick }: { onPick: (product: ProductSummary) => void }) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const { data = [], isPending } = useGetList<ProductSummary>('products', {
    filter: { q: search },
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <Autocomplete
      options={data}
      loading={isPending}
      value={null}
      inputValue={search}
      onInputChange={(_event, value, reason) => reason !== 'reset' && setSearch(value)}
      onChange={(_event, product) => {
        if (product) onPick(product);
        setSearch('');
      }}
      filterOptions={(options) => options}
      getOptionLabel={(product) => `${product.name} (${product.sku})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderInput={(params) => <TextField {...params} label={translate('products.group.add_product')} helperText={translate('products.group.search_products')} />}
      sx={{ maxWidth: 480 }}
    />
  );
}

function LinkedProducts({ state, dispatch }: { state: GroupSelection; dispatch: React.Dispatch<Parameters<typeof groupSelection>[1]> }) {
  const translate = useTranslate();
  const shown = shownProducts(state);
  return (
    <Card>
      <CardHeader title={translate('products.group.linked_products')} titleTypographyProps={{ component: 'h2', variant: 'h6' }} />
      <CardContent>
        <ProductPicker onPick={(product) => dispatch({ type: 'addProduct', product })} />
        {shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {translate('products.group.no_products')}
          </Typography>
        ) : (
          <TableContainer sx={{ mt: 2 }}>
            <Table size="small" aria-label={translate('products.group.linked_products')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.products.fields.sku')}</TableCell>
                  <TableCell>{translate('resources.products.fields.name')}</TableCell>
                  <TableCell align="right">{translate('resources.products.fields.price')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((product) => (
                  <TableRow key={product.id}>
                    <TableCell>{product.sku}</TableCell>
                    <TableCell>
                      {product.name} {product.pending && <Chip size="small" color="info" label={translate('products.group.to_be_added')} />}
                    </TableCell>
                    <TableCell align="right">{formatMoney(product.price)}</TableCell>
                    <TableCell align="right">
                      <IconButton
                        aria-label={translate('products.group.remove_product', { name: product.name })}
                        onClick={() => dispatch({ type: 'removeProduct', productId: product.id })}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}

function LinkedRoles({ group, state, dispatch }: { group: GroupDetails; state: GroupSelection; dispatch: React.Dispatch<Parameters<typeof groupSelection>[1]> }) {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader
        title={translate('products.group.linked_roles')}
        subheader={translate('products.group.roles_hint')}
        titleTypographyProps={{ component: 'h2', variant: 'h6' }}
      />
      <CardContent>
        <FormGroup row>
          {group.all_roles.map((role) => (
            <FormControlLabel
              key={role.id}
              label={roleLabel(translate, role)}
              control={
                <Checkbox
                  checked={state.roleIdsToSave.includes(role.id)}
                  onChange={(event) => dispatch({ type: event.target.checked ? 'selectRole' : 'unselectRole', roleId: role.id })}
                />
              }
            />
          ))}
        </FormGroup>
      </CardContent>
    </Card>
  );
}

/** One linked role's price rule: `percentile_change` edited in place, with a live example price. */
function PricingRow({ groupId, role, exampleBase, onSaved }: { groupId: number; role: PricingRole; exampleBase: number; onSaved: () => void }) {
  const translate = useTranslate();
  const [text, setText] = useState(role.percentile_change == null ? '' : String(role.percentile_change));
  useEffect(() => setText(role.percentile_change == null ? '' : String(role.percentile_change)), [role.percentile_change]);
  const change = text.trim() === '' ? null : Number(text);
  const valid = change !== null && isValidPercentileChange(change);
  const label = translate('products.group.percentile_change');
  const done = (message: string) => ({ success: { message, args: { role: roleLabel(translate, role) } }, onSuccess: onSaved });
  const saveRule = useApiAction(
    () => apiPost('api/products/savegrouppricing', { ...(role.rule_id ? { id: role.rule_id } : {}), group_id: groupId, role_id: role.id, percentile_change: change }),
    done('products.group.rule_saved'),
  );
  const deleteRule = useApiAction(() => apiPost('api/products/deletegrouppricing', { id: role.rule_id }), done('products.group.rule_deleted'));
  const busy = saveRule.isPending || deleteRule.isPending;

  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {roleLabel(translate, role)}
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          type="number"
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { step: 0.5, 'aria-label': `${label} — ${roleLabel(translate, role)}` } }}
          error={text !== '' && !valid}
          helperText={text !== '' && !valid ? translate('products.validation.percentile_change') : undefined}
          sx={{ width: 140 }}
        />
      </TableCell>
      <TableCell data-testid={`example-${role.name}`}>
        {translate('products.group.example_price', {
          base: formatMoney(exampleBase),
          price: formatMoney(valid ? rolePrice(exampleBase, change!) : exampleBase),
        })}
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <LabelButton label="products.group.save_rule" onClick={() => void saveRule.run()} disabled={!valid || busy} variant="contained" />
          {role.rule_id && <LabelButton label="products.group.delete_rule" onClick={() => void deleteRule.run()} disabled={busy} color="error" />}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

function Pricing({ group, state, onSaved }: { group: GroupDetails; state: GroupSelection; onSaved: () => void }) {
  const translate = useTranslate();
  const exampleBase = group.all_products[0]?.price ?? EXAMPLE_BASE_CENTS;
  const roles = state.pricingRoles.filter((role) => state.activeRoleIds.includes(role.id));
  return (
    <Card>
      <CardHeader title={translate('products.group.pricing')} subheader={translate('products.group.pricing_hint')} titleTypographyProps={{ component: 'h2', variant: 'h6' }} />
      <CardContent>
        {roles.length === 0 ? (
          <Typography color="text.secondary">{translate('products.group.no_pricing')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={translate('products.group.pricing')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('products.group.role')}</TableCell>
                  <TableCell>{translate('products.group.percentile_change')}</TableCell>
                  <TableCell>{translate('products.group.example')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {roles.map((role) => (
                  <PricingRow key={role.id} groupId={group.id} role={role} exampleBase={exampleBase} onSaved={onSaved} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}

/** `/product-groups/{groupid}`: the group's products, its roles and each role's price. */
export default function GroupScreen() {
  const translate = useTranslate();
  const title = usePortalTitle('product_group');
  const { groupid } = useParams();
  const id = Number(groupid);
  const { data, error, isPending, refetch } = useGetOne<GroupDetails>('product-groups', { id }, { enabled: Number.isInteger(id) && id > 0 });
  // Coming from the list, react-admin first offers the list's record (no details) until the call answers.
  const group = data && 'all_roles' in data ? data : undefined;
  const [state, dispatch] = useReducer(groupSelection, emptySelection);
  const saveGroup = useApiAction(() => apiPost('api/products/savegroup', savePayload(state)), { success: 'products.group.saved', onSuccess: () => refetch() });
  useEffect(() => {
    if (group) dispatch({ type: 'load', group });
  }, [group]);
  const nameError = useMemo(() => (state.name.trim() === '' ? translate('ra.validation.required') : undefined), [state.name, translate]);

  if (!Number.isInteger(id) || id <= 0 || (error as { status?: number } | null)?.status === 404) {
    return (
      <Card>
        <Title title={title} />
        <CardContent>
          <Typography>{translate('products.group.not_found')}</Typography>
        </CardContent>
      </Card>
    );
  }
  if (isPending || !group || state.groupId !== group.id) return <Loading />;

  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={`${title}: ${group.name}`} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {group.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <TextField
              label={translate('resources.product-groups.fields.name')}
              value={state.name}
              onChange={(event) => dispatch({ type: 'rename', name: event.target.value })}
              error={Boolean(nameError)}
              helperText={nameError}
              required
            />
            <TextField
              label={translate('resources.product-groups.fields.description')}
              value={state.description}
              onChange={(event) => dispatch({ type: 'describe', description: event.target.value })}
              sx={{ flex: 1, minWidth: 240 }}
            />
            <LabelButton label="products.group.save" variant="contained" onClick={() => void saveGroup.run()} disabled={saveGroup.isPending || Boolean(nameError)} sx={{ mt: 1 }} />
          </Box>
        </CardContent>
      </Card>
      <LinkedProducts state={state} dispatch={dispatch} />
      <LinkedRoles group={group} state={state} dispatch={dispatch} />
      <Pricing group={group} state={state} onSaved={() => refetch()} />
    </Stack>
  );
}
