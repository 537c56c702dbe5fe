import { Hono } from 'hono';
import type { Database } from '../db/client.ts';
import { apiError } from './http.ts';
import { lostFoundRoutes } from './routes/lost-found.ts';

/** What the API needs from its host: the embedded Node process or the Cloudflare worker. */
export interface Deps {
  db: Database;
}

/**
 * The one API app (basePath /api) every host serves. It never reads or logs a visitor's IP
 * address or user agent.
 */
export function createApp(deps: Deps) {
  const app = new Hono().basePath('/api');
  app.route('/lost-found', lostFoundRoutes(deps));
  app.notFound((c) => apiError(c, 404, 'not_found', 'There is no such API path'));
  app.onError((error, c) => {
    console.error(`API error on ${c.req.method} ${c.req.routePath}: ${error.message}`);
    return apiError(c, 500, 'internal', 'Something went wrong on our side. Please try again.');
  });
  return app;
}
