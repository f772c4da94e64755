import { useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import { useServerSearch } from './useServerSearch';

/** The active catalogue by name, 20 at a time. */
const SEARCH = { active: true, perPage: 20, sort: 'name', order: 'ASC' };

export interface PickedProduct {
  id: number;
  sku: string;
  name: string;
  price: number;
  property_value_ids: number[];
}

/** Search the active catalogue by name or SKU (server-side), at the caller's own prices. */
export function ProductPicker({ onPick }: { onPick: (product: PickedProduct) => void }) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const { options, loading } = useServerSearch<PickedProduct>('api/products/all', input, SEARCH);

  return (
    <Autocomplete
      options={options}
      loading={loading}
      filterOptions={(x) => x}
      value={null}
      inputValue={input}
      onInputChange={(_, value, reason) => reason !== 'reset' && setInput(value)}
      onChange={(_, product) => {
        if (product) {
          onPick(product);
          setInput('');
        }
      }}
      getOptionLabel={(product) => `${product.name} (${product.sku})`}
      renderOption={({ key, ...props }, product) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>
            {product.name}
            <Typography variant="caption" color="text.secondary" component="span" sx={{ mx: 1 }}>
              {product.sku}
            </Typography>
          </span>
          <span>{formatMoney(product.price)}</span>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={translate('orders.create.add_product')} name="product_search" />}
    />
  );
}
