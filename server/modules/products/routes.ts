import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ifMatchVersion } from '../../http/recordVersion';
import type { CurrentUser, RoleName } from '../../auth/roles';
import { errorReplies } from '../../http/schemas';
import type { ModuleDeps } from '../deps';
import type { ChangeSource } from '../../http/conditionalReads';
import * as groups from './groups';
import * as catalogue from './service';
import * as propertyService from './properties';
import {
  GroupDetailsReply,
  GroupInput,
  GroupList,
  GroupListQuery,
  GroupReply,
  IdBody,
  IdQuery,
  IdReply,
  PriceRuleInput,
  PriceRuleReply,
  ProductInput,
  ProductList,
  ProductListQuery,
  ProductReply,
  PropertyInput,
  PropertyList,
  PropertyListQuery,
  PropertyReply,
  PropertyValuesInput,
} from './schemas';

/**
 * The `api/products/*` calls. Every signed-in role reads products (each at its own price, pricing.ts) and
 * properties (to read a product's values); groups and price rules are the admin's; writes are
 * the admin's.
 */
const ADMIN: RoleName[] = ['admin'];
const tags = ['products'];
/** What a product answer is made of: the product, its properties, and the prices its groups give the caller's role. */
const CATALOGUE: ChangeSource = {
  tables: ['products', 'product_property_values', 'property_values', 'properties', 'price_rules', 'group_products', 'group_roles', 'product_groups', 'vat_rates'],
};

export const productRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;

  /** `POST …/delete {id}` -> `{data: {id}}`: 404 when missing, 409 when something still needs the record. */
  const deleteRoute = (path: string, remove: (database: typeof db, user: CurrentUser, id: number) => Promise<void>) =>
    app.post(
      path,
      { config: { access: ADMIN }, schema: { tags, body: IdBody, response: { 200: IdReply, ...errorReplies(400, 401, 403, 404, 409) } } },
      async (request) => {
        await remove(db, request.user!, request.body.id);
        return { data: { id: request.body.id } };
      },
    );

  app.get(
    '/api/products/all',
    { config: { access: 'signed-in', changesWith: CATALOGUE }, schema: { tags, querystring: ProductListQuery, response: { 200: ProductList, ...errorReplies(400, 401) } } },
    (request) => catalogue.listProducts(deps.reads(request), request.user!, request.query),
  );

  app.get(
    '/api/products/alldisplay',
    { config: { access: 'signed-in', changesWith: CATALOGUE }, schema: { tags, querystring: ProductListQuery, response: { 200: ProductList, ...errorReplies(400, 401) } } },
    (request) => catalogue.listProducts(deps.reads(request), request.user!, { ...request.query, display_material: true }),
  );

  app.get(
    '/api/products/product',
    { config: { access: 'signed-in', changesWith: CATALOGUE }, schema: { tags, querystring: IdQuery, response: { 200: ProductReply, ...errorReplies(400, 401, 404) } } },
    async (request) => ({ data: await catalogue.getProduct(db, request.user!, request.query.id) }),
  );

  app.post(
    '/api/products/save',
    { config: { access: ADMIN }, schema: { tags, body: ProductInput, response: { 200: ProductReply, 201: ProductReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      const { product, created } = await catalogue.saveProduct(db, request.user!, request.body, ifMatchVersion(request));
      return reply.status(created ? 201 : 200).send({ data: product });
    },
  );

  deleteRoute('/api/products/delete', catalogue.deleteProduct);

  app.get(
    '/api/products/properties',
    { config: { access: 'signed-in', changesWith: { tables: ['properties', 'property_values'] } }, schema: { tags, querystring: PropertyListQuery, response: { 200: PropertyList, ...errorReplies(400, 401) } } },
    (request) => propertyService.listProperties(deps.reads(request), request.query),
  );

  // A call beyond the original API list (its conventions allow additions): the property edit screen reads one property.
  app.get(
    '/api/products/property',
    { config: { access: 'signed-in', changesWith: { tables: ['properties', 'property_values'] } }, schema: { tags, querystring: IdQuery, response: { 200: PropertyReply, ...errorReplies(400, 401, 404) } } },
    async (request) => ({ data: await propertyService.getProperty(db, request.query.id) }),
  );

  app.post(
    '/api/products/saveproperty',
    { config: { access: ADMIN }, schema: { tags, body: PropertyInput, response: { 200: PropertyReply, 201: PropertyReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      const { property, created } = await propertyService.saveProperty(db, request.user!, request.body);
      return reply.status(created ? 201 : 200).send({ data: property });
    },
  );

  app.post(
    '/api/products/savepropertyvalues',
    { config: { access: ADMIN }, schema: { tags, body: PropertyValuesInput, response: { 200: PropertyReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await propertyService.savePropertyValues(db, request.user!, request.body.property_id, request.body.values) }),
  );

  deleteRoute('/api/products/deleteproperty', propertyService.deleteProperty);

  app.get(
    '/api/products/groups',
    { config: { access: ADMIN, changesWith: { tables: ['product_groups', 'group_products', 'group_roles', 'price_rules'] } }, schema: { tags, querystring: GroupListQuery, response: { 200: GroupList, ...errorReplies(400, 401, 403) } } },
    (request) => groups.listGroups(deps.reads(request), request.query),
  );

  app.get(
    '/api/products/group',
    { config: { access: ADMIN, changesWith: { tables: ['product_groups', 'group_products', 'group_roles', 'price_rules', 'products', 'roles'] } }, schema: { tags, querystring: IdQuery, response: { 200: GroupDetailsReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await groups.groupDetails(db, request.query.id) }),
  );

  app.post(
    '/api/products/savegroup',
    { config: { access: ADMIN }, schema: { tags, body: GroupInput, response: { 200: GroupReply, 201: GroupReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      const { group, created } = await groups.saveGroup(db, request.user!, request.body);
      return reply.status(created ? 201 : 200).send({ data: group });
    },
  );

  deleteRoute('/api/products/deletegroup', groups.deleteGroup);

  app.post(
    '/api/products/savegrouppricing',
    { config: { access: ADMIN }, schema: { tags, body: PriceRuleInput, response: { 200: PriceRuleReply, 201: PriceRuleReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      const { rule, created } = await groups.savePriceRule(db, request.user!, request.body);
      return reply.status(created ? 201 : 200).send({ data: rule });
    },
  );

  deleteRoute('/api/products/deletegrouppricing', groups.deletePriceRule);
};
