/**
 * The state of the group screen and its rules: loading a group resets
 * the to-save lists, marks the linked roles both selected and active, and builds the pricing
 * roles; a role id is added to the save list only once; product ids are appended as they come
 * (the save dedupes them). Pure, so the rules are tested without a screen.
 */

export interface ProductSummary {
  id: number;
  sku: string;
  name: string;
  price: number;
  active?: boolean;
}

export interface PriceRule {
  id: number;
  group_id: number;
  role_id: number;
  percentile_change: number;
}

interface RoleFields {
  id: number;
  name: string;
  display_name: string;
  description: string;
}

/** A linked role's price rule for the group. */
export interface PricingRole extends RoleFields {
  percentile_change: number | null;
  rule_id: number | null;
  prices_array: PriceRule[];
}

/** A group's details, as `products/group?id=` answers it. */
export interface GroupDetails {
  id: number;
  name: string;
  description: string;
  product_ids: number[];
  role_ids: number[];
  all_products: ProductSummary[];
  all_roles: (RoleFields & { is_linked: boolean })[];
  role_pricing: PricingRole[];
  roles: (RoleFields & { prices: PriceRule[] })[];
}

export interface GroupSelection {
  groupId: number | null;
  name: string;
  description: string;
  /** The products linked as loaded. */
  linkedProducts: ProductSummary[];
  /** Linked products marked for removal. */
  productIdsToRemove: number[];
  /** Products to link on save, appended as picked. */
  productIdsToSave: number[];
  /** Summaries of the picked products, for showing them before they are saved. */
  pickedProducts: ProductSummary[];
  /** The roles selected for the group (saved as its linked roles), each once. */
  roleIdsToSave: number[];
  /** The roles linked as loaded: the ones that can be priced. */
  activeRoleIds: number[];
  pricingRoles: PricingRole[];
}

export const emptySelection: GroupSelection = {
  groupId: null,
  name: '',
  description: '',
  linkedProducts: [],
  productIdsToRemove: [],
  productIdsToSave: [],
  pickedProducts: [],
  roleIdsToSave: [],
  activeRoleIds: [],
  pricingRoles: [],
};

export type GroupAction =
  | { type: 'load'; group: GroupDetails }
  | { type: 'rename'; name: string }
  | { type: 'describe'; description: string }
  | { type: 'addProduct'; product: ProductSummary }
  | { type: 'removeProduct'; productId: number }
  | { type: 'selectRole'; roleId: number }
  | { type: 'unselectRole'; roleId: number };

export function groupSelection(state: GroupSelection, action: GroupAction): GroupSelection {
  switch (action.type) {
    case 'load': {
      const linkedRoleIds = action.group.all_roles.filter((role) => role.is_linked).map((role) => role.id);
      return {
        groupId: action.group.id,
        name: action.group.name,
        description: action.group.description,
        linkedProducts: action.group.all_products,
        productIdsToRemove: [],
        productIdsToSave: [],
        pickedProducts: [],
        roleIdsToSave: linkedRoleIds,
        activeRoleIds: linkedRoleIds,
        pricingRoles: action.group.role_pricing,
      };
    }
    case 'rename':
      return { ...state, name: action.name };
    case 'describe':
      return { ...state, description: action.description };
    case 'addProduct': {
      const { product } = action;
      const known = state.pickedProducts.some((p) => p.id === product.id);
      return {
        ...state,
        productIdsToSave: [...state.productIdsToSave, product.id],
        productIdsToRemove: state.productIdsToRemove.filter((id) => id !== product.id),
        pickedProducts: known ? state.pickedProducts : [...state.pickedProducts, product],
      };
    }
    case 'removeProduct':
      return {
        ...state,
        productIdsToSave: state.productIdsToSave.filter((id) => id !== action.productId),
        pickedProducts: state.pickedProducts.filter((p) => p.id !== action.productId),
        productIdsToRemove: state.linkedProducts.some((p) => p.id === action.productId)
          ? [...new Set([...state.productIdsToRemove, action.productId])]
          : state.productIdsToRemove,
      };
    case 'selectRole':
      return state.roleIdsToSave.includes(action.roleId) ? state : { ...state, roleIdsToSave: [...state.roleIdsToSave, action.roleId] };
    case 'unselectRole':
      return { ...state, roleIdsToSave: state.roleIdsToSave.filter((id) => id !== action.roleId) };
  }
}

/** What the group screen shows as linked: the saved links less the removed ones, then the picked ones. */
export function shownProducts(state: GroupSelection): (ProductSummary & { pending: boolean })[] {
  const kept = state.linkedProducts.filter((p) => !state.productIdsToRemove.includes(p.id)).map((p) => ({ ...p, pending: false }));
  const keptIds = new Set(kept.map((p) => p.id));
  const picked = state.pickedProducts.filter((p) => !keptIds.has(p.id)).map((p) => ({ ...p, pending: true }));
  return [...kept, ...picked];
}

/** The `products/savegroup` body: the links become exactly what the screen shows. */
export function savePayload(state: GroupSelection) {
  return {
    id: state.groupId!,
    name: state.name,
    description: state.description,
    product_ids: [...new Set(shownProducts(state).map((p) => p.id))],
    role_ids: state.roleIdsToSave,
  };
}
