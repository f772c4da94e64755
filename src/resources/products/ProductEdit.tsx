import { SavedElsewhereNotice } from '../shared/SavedElsewhereNotice';
import { Edit } from 'react-admin';
import { useRouteRecordId } from '../shared/useRouteRecordId';
import { ProductForm } from './ProductForm';

/** Pessimistic: a refused save (a duplicate SKU, 409) shows on the form instead of being undone later. */
export default function ProductEdit() {
  return (
    <Edit id={useRouteRecordId()} mutationMode="pessimistic" redirect="list">
      <SavedElsewhereNotice resource="products" />
      <ProductForm />
    </Edit>
  );
}
