import { describe, expect, it } from 'vitest';
import {
  type GroupDetails,
  emptySelection,
  groupSelection,
  savePayload,
  shownProducts,
} from '../../src/resources/product-groups/groupSelection';

const details: GroupDetails = {
  id: 7,
  name: 'Winter',
  description: '',
  product_ids: [1],
  role_ids: [2],
  all_products: [{ id: 1, sku: 'A-1', name: 'Alpha', price: 1000, active: true }],
  all_roles: [
    { id: 2, name: 'stockist', display_name: 'Stockist', description: '', is_linked: true },
    { id: 3, name: 'individual', display_name: 'Individual', description: '', is_linked: false },
  ],
  role_pricing: [{ id: 2, name: 'stockist', display_name: 'Stockist', description: '', percentile_change: -10, rule_id: 4, prices_array: [] }],
  roles: [],
};
const beta = { id: 5, sku: 'B-5', name: 'Beta', price: 500 };

describe('group selection', () => {
  it('loading resets the to-save lists, marks linked roles selected and active and builds the pricing roles', () => {
    let state = groupSelection(emptySelection, { type: 'load', group: details });
    state = groupSelection(state, { type: 'addProduct', product: beta });
    state = groupSelection(state, { type: 'selectRole', roleId: 3 });
    expect(state.productIdsToSave).toEqual([5]);
    const reloaded = groupSelection(state, { type: 'load', group: details });
    expect(reloaded.productIdsToSave).toEqual([]);
    expect(reloaded.pickedProducts).toEqual([]);
    expect(reloaded.roleIdsToSave).toEqual([2]);
    expect(reloaded.activeRoleIds).toEqual([2]);
    expect(reloaded.pricingRoles).toBe(details.role_pricing);
  });

  it('adds a role id to the save list only once', () => {
    let state = groupSelection(emptySelection, { type: 'load', group: details });
    state = groupSelection(state, { type: 'selectRole', roleId: 3 });
    state = groupSelection(state, { type: 'selectRole', roleId: 3 });
    state = groupSelection(state, { type: 'selectRole', roleId: 2 });
    expect(state.roleIdsToSave).toEqual([2, 3]);
    // Selecting a role does not make it priceable before the group is saved.
    expect(state.activeRoleIds).toEqual([2]);
    state = groupSelection(state, { type: 'unselectRole', roleId: 2 });
    expect(state.roleIdsToSave).toEqual([3]);
  });

  it('appends product ids without a duplicate check, and the save sends each product once', () => {
    let state = groupSelection(emptySelection, { type: 'load', group: details });
    state = groupSelection(state, { type: 'addProduct', product: beta });
    state = groupSelection(state, { type: 'addProduct', product: beta });
    state = groupSelection(state, { type: 'addProduct', product: { ...details.all_products[0] } });
    expect(state.productIdsToSave).toEqual([5, 5, 1]);
    expect(shownProducts(state).map((p) => [p.id, p.pending])).toEqual([
      [1, false],
      [5, true],
    ]);
    expect(savePayload(state)).toEqual({ id: 7, name: 'Winter', description: '', product_ids: [1, 5], role_ids: [2] });
  });

  it('removes a linked or a picked product from what is saved', () => {
    let state = groupSelection(emptySelection, { type: 'load', group: details });
    state = groupSelection(state, { type: 'addProduct', product: beta });
    state = groupSelection(state, { type: 'removeProduct', productId: 1 });
    state = groupSelection(state, { type: 'removeProduct', productId: 5 });
    expect(savePayload(state).product_ids).toEqual([]);
    state = groupSelection(state, { type: 'addProduct', product: details.all_products[0] });
    expect(savePayload(state).product_ids).toEqual([1]);
  });
});
