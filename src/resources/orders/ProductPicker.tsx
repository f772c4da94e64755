import { useEffect, useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import { apiGet } from '../../providers/http';

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
  const [options, setOptions] = useState<PickedProduct[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      apiGet<{ data: PickedProduct[] }>('api/products/all', { q: input, active: true, perPage: 20, sort: 'name', order: 'ASC' }, controller.signal)
        .then((answer) => setOptions(answer.data))
        .catch(() => undefined)
        .finally(() => setLoading(false));
    }, 200);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [input]);

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
