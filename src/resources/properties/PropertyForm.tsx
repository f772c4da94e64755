import { ArrayInput, SimpleForm, SimpleFormIterator, TextInput, maxLength, required } from 'react-admin';

const validateName = [required(), maxLength(100)];
const validateValue = [required(), maxLength(100)];

/** The name and the values, edited in place: a value keeps its id when renamed, so products keep it. */
export function PropertyForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={validateName} />
      <ArrayInput source="values">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="value" label="resources.properties.fields.value" validate={validateValue} helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}
