import { Edit } from 'react-admin';
import { ProductForm } from './ProductForm';

/** Pessimistic: a refused save (a duplicate SKU, 409) shows on the form instead of being undone later. */
export default function ProductEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <ProductForm />
    </Edit>
  );
}
