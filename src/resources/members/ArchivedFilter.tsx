import { BooleanInput, type BooleanInputProps } from 'react-admin';

/** The members list's "archived" switch, a chunk of its own (see MemberList). */
export default function ArchivedFilter(props: BooleanInputProps) {
  return <BooleanInput {...props} />;
}
