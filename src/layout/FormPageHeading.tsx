import { useCreateContext, useEditContext } from 'react-admin';
import { PageHeading } from '../resources/shared/PageHeading';

/**
 * Every create and edit page names itself in a level-one heading (one h1 per screen),
 * with react-admin's own page title ("Create Product", "Product Cotton shirt"). Set as the
 * default `actions` of RaCreate and RaEdit in the back office's theme (src/theme/adminComponents.tsx).
 */
export function CreatePageHeading() {
  return <PageHeading>{useCreateContext().defaultTitle}</PageHeading>;
}

export function EditPageHeading() {
  return <PageHeading>{useEditContext().defaultTitle}</PageHeading>;
}
