import { Box } from '@mui/material';
import {
  BooleanInput,
  ImageField,
  ImageInput,
  NumberInput,
  SimpleForm,
  TextInput,
  maxLength,
  minValue,
  regex,
  required,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { PortalDateTimeInput } from '../shared/DateInputs';

/** The server's rules (server/modules/crm/banners/form.ts), so most mistakes show before saving. */
const LINK_URL = /^(https?:\/\/\S+|\/(?!\/)\S*)$/;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/webp': ['.webp'], 'image/gif': ['.gif'] };

const validateTitle = [required(), maxLength(200)];
const validateLink = [maxLength(2000), regex(LINK_URL, 'crm.banners.validation.link_url')];
const validatePosition = [minValue(0)];
const notBeforeFrom = (value: string | null, values: { active_from?: string | null }) =>
  value && values.active_from && new Date(value) < new Date(values.active_from) ? 'crm.banners.validation.active_to' : undefined;


/**
 * What savebanner takes: the record's other fields (image_url) are the server's to set, and an
 * image only when one was picked (none keeps the current one).
 */
export const bannerFields = ({ title, link_url, active_from, active_to, position, active, image }: Record<string, unknown>) => ({
  title,
  link_url,
  active_from,
  active_to,
  position,
  active,
  ...(image ? { image } : {}),
});

function CurrentImage() {
  const record = useRecordContext<{ image_url?: string; title?: string }>();
  const translate = useTranslate();
  if (!record?.image_url) return null;
  return (
    <Box
      component="img"
      src={record.image_url}
      alt={translate('crm.banners.current_image')}
      sx={{ maxWidth: 360, maxHeight: 120, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
    />
  );
}

/** Create and edit: the image is required on create; on edit a new one replaces the current one. */
export function BannerForm({ creating = false }: { creating?: boolean }) {
  const notify = useNotify();
  const translate = useTranslate();
  // react-admin shows the field's label as text beside the drop zone, not as the file input's
  // <label>: the input is named by the same words.
  const imageInputProps = { 'aria-label': translate('resources.marketing.fields.image') };
  // The drop zone silently drops a file of another type or over the limit; say why.
  const dropOptions = { onDropRejected: () => notify('crm.banners.image_rejected', { type: 'warning' }) };
  return (
    <SimpleForm>
      <TextInput source="title" validate={validateTitle} fullWidth />
      <TextInput source="link_url" validate={validateLink} helperText="crm.banners.link_hint" fullWidth />
      <PortalDateTimeInput source="active_from" helperText="crm.banners.window_hint" />
      <PortalDateTimeInput source="active_to" validate={notBeforeFrom} helperText="crm.banners.window_hint" />
      <NumberInput source="position" defaultValue={0} min={0} step={1} validate={validatePosition} />
      <BooleanInput source="active" defaultValue />
      <CurrentImage />
      <ImageInput
        source="image"
        accept={IMAGE_TYPES}
        maxSize={MAX_IMAGE_BYTES}
        options={dropOptions}
        inputProps={imageInputProps}
        validate={creating ? required() : undefined}
        helperText={creating ? 'crm.banners.image_hint' : 'crm.banners.replace_hint'}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
    </SimpleForm>
  );
}
