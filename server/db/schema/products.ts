import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { roles } from './roles';
import { vatClasses } from '../../../shared/billing/vat';

/** A product of the catalogue; `price` is the base price in cents (ZAR). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    active: boolean('active').notNull().default(true),
    displayMaterial: boolean('display_material').notNull().default(false),
    imageUrl: text('image_url'),
    /** Standard-rated, zero-rated or exempt (VAT Act); the rate itself comes from vat_rates by date. */
    vatClass: text('vat_class', { enum: vatClasses }).notNull().default('standard'),
    /** Available units below which the product is "low" (stock.low told); null: the company's default, LOW_STOCK_MARK. */
    lowStockMark: integer('low_stock_mark'),
    /** Bumped by the database on every change of the row (migration trigger): a save that names an older one is stale (409). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_sku_lower').on(sql`lower(${t.sku})`),
    index('products_name_lower').on(sql`lower(${t.name})`),
    index('products_display_material').on(t.displayMaterial).where(sql`${t.displayMaterial}`),
    check('products_price_not_negative', sql`${t.price} >= 0`),
    check('products_low_stock_mark_range', sql`${t.lowStockMark} is null or ${t.lowStockMark} between 0 and 1000000`),
  ],
);

/** A product property (size, colour…) and the values a product may pick. */
export const properties = pgTable('properties', { id: serial('id').primaryKey(), name: text('name').notNull() }, (t) => [
  uniqueIndex('properties_name_lower').on(sql`lower(${t.name})`),
]);

export const propertyValues = pgTable(
  'property_values',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('property_values_property_value').on(t.propertyId, sql`lower(${t.value})`)],
);

export const productPropertyValues = pgTable(
  'product_property_values',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    propertyValueId: integer('property_value_id')
      .notNull()
      .references(() => propertyValues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.propertyValueId] }), index('product_property_values_value').on(t.propertyValueId)],
);

/** A product group links products and roles; each linked role may carry a price rule. */
export const productGroups = pgTable(
  'product_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('product_groups_name_lower').on(sql`lower(${t.name})`)],
);

export const groupProducts = pgTable(
  'group_products',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => productGroups.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.productId] }), index('group_products_product').on(t.productId)],
);

export const groupRoles = pgTable(
  'group_roles',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => productGroups.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.roleId] }), index('group_roles_role').on(t.roleId)],
);

/**
 * A linked role's price change in a group (-12.5 = 12.5 % off). It belongs to the link itself:
 * unlinking the role removes its rule, so a rule never applies to a role outside the group.
 */
export const priceRules = pgTable(
  'price_rules',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull(),
    roleId: integer('role_id').notNull(),
    percentileChange: numeric('percentile_change', { precision: 7, scale: 3, mode: 'number' }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.groupId, t.roleId], foreignColumns: [groupRoles.groupId, groupRoles.roleId] }).onDelete('cascade'),
    uniqueIndex('price_rules_group_role').on(t.groupId, t.roleId),
    index('price_rules_role').on(t.roleId),
    check('price_rules_change_range', sql`${t.percentileChange} > -100 and ${t.percentileChange} <= 1000`),
  ],
);

export type Product = typeof products.$inferSelect;
