import { groupProducts, groupRoles, priceRules, productGroups, productPropertyValues, products, properties, propertyValues } from '../schema';
import type { DemoContext } from './demo';

const catalogue: { sku: string; name: string; price: number; description: string; display?: boolean; active?: boolean; lowStockMark?: number; values: string[] }[] = [
  { sku: 'VIT-C-500', name: 'Vitamin C 500 mg', price: 8999, description: 'Chewable vitamin C tablets.', values: ['60', 'Orange'] },
  { sku: 'VIT-D-1000', name: 'Vitamin D3 1000 IU', price: 11950, description: 'Daily vitamin D3 soft gels.', values: ['90'] },
  { sku: 'MAG-CIT-200', name: 'Magnesium Citrate', price: 15900, description: 'Magnesium for muscles and sleep.', values: ['120'] },
  { sku: 'ZINC-25', name: 'Zinc 25 mg', price: 6950, description: 'Immune support.', values: ['60'] },
  { sku: 'OMEGA-3-1000', name: 'Omega-3 Fish Oil', price: 18999, description: 'Purified fish oil capsules.', values: ['120', 'Lemon'] },
  { sku: 'PROB-10B', name: 'Probiotic 10 Billion', price: 24500, description: 'Ten strains, shelf stable.', values: ['30'] },
  // Sold by the case: low below 40 (its own mark) where the others keep the default.
  { sku: 'COLL-PWD', name: 'Collagen Powder', price: 32900, description: 'Hydrolysed collagen peptides.', lowStockMark: 40, values: ['500 g', 'Unflavoured'] },
  { sku: 'WHEY-VAN', name: 'Whey Protein', price: 54900, description: 'Whey isolate shake.', values: ['1 kg', 'Vanilla'] },
  { sku: 'WHEY-CHO', name: 'Whey Protein Chocolate', price: 54900, description: 'Whey isolate shake.', values: ['1 kg', 'Chocolate'] },
  { sku: 'ELEC-TAB', name: 'Electrolyte Tablets', price: 7900, description: 'Effervescent hydration tablets.', values: ['Lemon'] },
  { sku: 'IRON-14', name: 'Iron Bisglycinate', price: 9450, description: 'Gentle on the stomach.', values: ['60'] },
  { sku: 'B-COMPLEX', name: 'Vitamin B Complex', price: 10900, description: 'All eight B vitamins.', values: ['60'] },
  { sku: 'MULTI-WOMEN', name: "Women's Multivitamin", price: 16500, description: 'Daily multivitamin for women.', values: ['90'] },
  { sku: 'MULTI-MEN', name: "Men's Multivitamin", price: 16500, description: 'Daily multivitamin for men.', values: ['90'] },
  { sku: 'KIDS-GUMMY', name: 'Kids Gummies', price: 12900, description: 'Multivitamin gummies for children.', values: ['60', 'Orange'] },
  { sku: 'TURM-CURC', name: 'Turmeric Curcumin', price: 19900, description: 'With black pepper extract.', values: ['60'] },
  { sku: 'ASHWA-600', name: 'Ashwagandha 600 mg', price: 21500, description: 'Root extract capsules.', values: ['60'] },
  { sku: 'OLD-GINKGO', name: 'Ginkgo Biloba (discontinued)', price: 13900, description: 'No longer sold.', values: ['60'], active: false },
  { sku: 'DISP-SHELF', name: 'Counter display stand', price: 45000, description: 'Branded counter-top display.', values: [], display: true },
  { sku: 'DISP-POSTER', name: 'A2 poster set', price: 9900, description: 'Three A2 posters for the shop window.', values: [], display: true },
  { sku: 'DISP-LEAFLET', name: 'Leaflets (pack of 100)', price: 4500, description: 'Product leaflets for customers.', values: [], display: true },
];

const propertySets: Record<string, string[]> = {
  'Pack size': ['30', '60', '90', '120', '500 g', '1 kg'],
  Flavour: ['Orange', 'Lemon', 'Vanilla', 'Chocolate', 'Unflavoured'],
};

/** ~20 products with pack sizes and flavours, and two groups that price them for the member roles. */
export async function seedProducts({ tx, roleIds }: DemoContext): Promise<void> {
  const propertyRows = await tx
    .insert(properties)
    .values(Object.keys(propertySets).map((name) => ({ name })))
    .returning();
  const valueRows = await tx
    .insert(propertyValues)
    .values(propertyRows.flatMap((property) => propertySets[property.name].map((value) => ({ propertyId: property.id, value }))))
    .returning();
  const valueId = (value: string) => valueRows.find((row) => row.value === value)!.id;

  const productRows = await tx
    .insert(products)
    .values(
      catalogue.map((item) => ({
        sku: item.sku,
        name: item.name,
        description: item.description,
        price: item.price,
        active: item.active ?? true,
        displayMaterial: item.display ?? false,
        lowStockMark: item.lowStockMark ?? null,
      })),
    )
    .returning();
  const productId = (sku: string) => productRows.find((row) => row.sku === sku)!.id;
  await tx
    .insert(productPropertyValues)
    .values(catalogue.flatMap((item) => item.values.map((value) => ({ productId: productId(item.sku), propertyValueId: valueId(value) }))));

  const [supplements, display] = await tx
    .insert(productGroups)
    .values([
      { name: 'Supplements trade pricing', description: 'Trade discounts on the supplement range' },
      { name: 'Display material', description: 'Shop display material at cost for stockists' },
    ])
    .returning();
  const supplementSkus = catalogue.filter((item) => !item.display).map((item) => item.sku);
  const displaySkus = catalogue.filter((item) => item.display).map((item) => item.sku);
  await tx.insert(groupProducts).values([
    ...supplementSkus.map((sku) => ({ groupId: supplements.id, productId: productId(sku) })),
    ...displaySkus.map((sku) => ({ groupId: display.id, productId: productId(sku) })),
  ]);
  await tx.insert(groupRoles).values([
    { groupId: supplements.id, roleId: roleIds.stockist },
    { groupId: supplements.id, roleId: roleIds.reseller },
    { groupId: supplements.id, roleId: roleIds.individual },
    { groupId: display.id, roleId: roleIds.stockist },
  ]);
  await tx.insert(priceRules).values([
    { groupId: supplements.id, roleId: roleIds.stockist, percentileChange: -20 },
    { groupId: supplements.id, roleId: roleIds.reseller, percentileChange: -12.5 },
    { groupId: supplements.id, roleId: roleIds.individual, percentileChange: -5 },
    { groupId: display.id, roleId: roleIds.stockist, percentileChange: -50 },
  ]);
}
