import { billingPublicRoutes, billingRoutes } from './billing';
import { fileRoutes } from './files';
import { generateRoutes } from './generate';
import { healthRoutes } from './health';
import { mediaRoutes } from './media';
import { modelRoutes } from './models';
import { userRoutes } from './user';
import { userExportPublicRoutes, userExportRoutes } from './user-export';
import { webhookRoutes } from './webhooks';

/**
 * Every route of the product API by "METHOD /path" (OpenAPI path syntax, without the /api
 * prefix): spec §7 and the routes the api adds. The api registers each route with this entry as
 * its schema, so the OpenAPI document is generated from it; the contract test checks that every
 * documented route is here and that its real answers parse.
 */
export const API_ROUTES = {
  ...healthRoutes,
  ...userRoutes,
  ...userExportRoutes,
  ...modelRoutes,
  ...mediaRoutes,
  ...generateRoutes,
  ...billingRoutes,
  ...billingPublicRoutes,
  ...fileRoutes,
  ...userExportPublicRoutes,
  ...webhookRoutes,
} as const;

export type ApiRouteKey = keyof typeof API_ROUTES;
