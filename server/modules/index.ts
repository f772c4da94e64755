import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from './deps';
import { authRoutes } from './auth/routes';
import { orderRoutes } from './orders/routes';
import { productRoutes } from './products/routes';
import { adminRoutes } from './admin/routes';
import { clientRoutes } from './clients/routes';
import { repRoutes } from './reps/routes';
import { crmRoutes } from './crm/routes';
import { auditRoutes } from './audit/routes';
import { billingRoutes } from './billing/routes';
import { webhookRoutes } from './webhooks/routes';
import { privacyRoutes } from './privacy/routes';
import { consentRoutes } from './privacy/consentRoutes';
import { automailRoutes } from './automail/routes';
import { bankingRoutes } from './banking/routes';
import { reportRoutes } from './reports/routes';
import { commissionRoutes } from './commissions/routes';
import { stockRoutes } from './stock/routes';
import { productionRoutes } from './production/routes';
import { courierRoutes } from './courier/routes';
import { deliveryRoutes } from './deliveries/routes';

/**
 * The domain modules served under /api, one folder each. A new domain adds its
 * plugin here; each plugin declares its routes' schemas and roles itself.
 */
export const domainModules: FastifyPluginAsync<{ deps: ModuleDeps }>[] = [
  authRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  productRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  orderRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  clientRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  adminRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  repRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  crmRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  auditRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  billingRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  webhookRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  privacyRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  consentRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  automailRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  bankingRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  reportRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  commissionRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  stockRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  productionRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  courierRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
  deliveryRoutes as FastifyPluginAsync<{ deps: ModuleDeps }>,
];
