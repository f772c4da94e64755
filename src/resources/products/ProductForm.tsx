import { Box, Typography } from '@mui/material';
import {
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  maxLength,
  minValue,
  regex,
  required,
  useTranslate,
} from 'react-admin';
import { usePropertyValueChoices } from './usePropertyValueChoices';
import { vatClasses } from '../../../shared/billing/vat';
import { LOW_STOCK_MARK, MAX_LOW_STOCK_MARK } from '../../../shared/stock/availability';

/** Standard-rated, zero-rated or exempt (VAT Act): the rate itself comes from the billing settings' dated table. */
const vatClassChoices = vatClasses.map((id) => ({ id, name: `billing.vat_classes.${id}` }));

/** The same rules as the server's (server/modules/products/schemas.ts), so most mistakes show before saving. */
const SKU = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const IMAGE_URL = /^(https?:\/\/\S+|(?!\/\/)[^\s:]+)$/;

const validateSku = [required(), maxLength(64), regex(SKU, 'products.validation.sku')];
const validateName = [required(), maxLength(200)];
const validatePrice = [required(), minValue(0)];
const validateImageUrl = [maxLength(2000), regex(IMAGE_URL, 'products.validation.image_url')];
/** Empty (the company's default) or a whole number of units the server accepts. */
const validateLowStockMark = (value: number | null | undefined) =>
  value == null || (Number.isInteger(value) && value >= 0 && value <= MAX_LOW_STOCK_MARK) ? undefined : 'products.validation.low_stock_mark';

/** Prices travel in cents; people type rand. */
const centsToRand = (cents: number | null | undefined) => (cents == null ? '' : cents / 100);
const randToCents = (rand: string | number | null) => (rand === '' || rand == null || Number.isNaN(Number(rand)) ? null : Math.round(Number(rand) * 100));

function ImagePreview() {
  const translate = useTranslate();
  return (
    <FormDataConsumer>
      {({ formData }) =>
        formData.image_url && IMAGE_URL.test(formData.image_url) ? (
          <Box component="img" src={formData.image_url} alt={translate('products.image_preview')} sx={{ maxWidth: 240, maxHeight: 160, mb: 2, borderRadius: 1, border: 1, borderColor: 'divider' }} />
        ) : null
      }
    </FormDataConsumer>
  );
}

function PropertyValuesInput() {
  const translate = useTranslate();
  const { choices, isPending } = usePropertyValueChoices();
  if (!isPending && choices.length === 0) return <Typography color="text.secondary">{translate('products.no_values')}</Typography>;
  return <SelectArrayInput source="property_value_ids" choices={choices} isPending={isPending} />;
}

export function ProductForm() {
  const translate = useTranslate();
  return (
    <SimpleForm>
      <TextInput source="sku" validate={validateSku} />
      <TextInput source="name" validate={validateName} fullWidth />
      <TextInput source="description" multiline fullWidth />
      <NumberInput source="price" validate={validatePrice} format={centsToRand} parse={randToCents} helperText="products.price_hint" step={0.01} />
      <SelectInput source="vat_class" choices={vatClassChoices} defaultValue="standard" validate={required()} helperText="products.vat_class_hint" />
      <NumberInput
        source="low_stock_mark"
        validate={validateLowStockMark}
        helperText={translate('products.low_stock_mark_hint', { default: LOW_STOCK_MARK })}
      />
      <BooleanInput source="active" defaultValue />
      <BooleanInput source="display_material" defaultValue={false} />
      <TextInput source="image_url" validate={validateImageUrl} helperText="products.image_hint" fullWidth />
      <ImagePreview />
      <PropertyValuesInput />
    </SimpleForm>
  );
}
