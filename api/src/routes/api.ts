import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config';
import { useZod } from '../plugins/zod';
import { billingPublicRoutes, billingRoutes } from './billing';
import { fileRoutes } from './files';
import { healthRoutes } from './health';
import { generateRoutes } from './generate';
import { mediaRoutes } from './media';
import { modelRoutes } from './models';
import { cogWebhookRoutes } from './cog-webhook';
import { replicateWebhookRoutes } from './replicate-webhook';
import { userRoutes } from './user';
import { userExportPublicRoutes, userExportRoutes } from './user-export';

/**
 * Everything under /api. Public routes first; the rest sit in a context whose onRequest hook
 * authenticates, so a new protected route cannot forget it.
 */
export const apiRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  useZod(app);
  const writeLimit = { max: config.writeRateLimitPerMinute, timeWindow: '1 minute' };

  await app.register(healthRoutes);
  await app.register(fileRoutes, { writeLimit });
  await app.register(billingPublicRoutes);
  await app.register(userExportPublicRoutes);
  if (app.replicate) await app.register(replicateWebhookRoutes, { replicate: app.replicate });
  if (app.cog) await app.register(cogWebhookRoutes, { cog: app.cog });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(async (protectedApp) => {
    protectedApp.addHook('onRequest', app.authenticate);
    await protectedApp.register(userRoutes, { writeLimit });
    await protectedApp.register(userExportRoutes);
    await protectedApp.register(mediaRoutes, { writeLimit });
    await protectedApp.register(modelRoutes, { writeLimit });
    await protectedApp.register(generateRoutes, { writeLimit });
    await protectedApp.register(billingRoutes, { writeLimit });
  });
};
