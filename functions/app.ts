import { Hono } from 'hono';
import type { Database } from '../db/client.ts';
import type { LiveEvent } from '../src/contract/events.ts';
import { apiError } from './http.ts';
import { lostFoundRoutes } from './routes/lost-found.ts';

/** What the API needs from its host: the embedded Node process or the Cloudflare worker. */
export interface Deps {
  db: Database;
  /** Sends a live event to every open page (the Node relay, or the room's Durable Object). */
  publish: (event: LiveEvent) => unknown;
}

/** What the route files get: the host's deps, with a publish that never fails a request. */
export interface RouteDeps extends Deps {
  publish: (event: LiveEvent) => Promise<void>;
}

/**
 * The one API app (basePath /api) every host serves. It never reads or logs a visitor's IP
 * address or user agent.
 */
export function createApp(deps: Deps) {
  const routeDeps: RouteDeps = {
    ...deps,
    // What was stored stays stored: a room that cannot be reached only costs the live toast.
    publish: async (event) => {
      try {
        await deps.publish(event);
      } catch (error) {
        console.error(`Could not publish ${event.event}: ${(error as Error).message}`);
      }
    },
  };
  const app = new Hono().basePath('/api');
  app.route('/lost-found', lostFoundRoutes(routeDeps));
  app.notFound((c) => apiError(c, 404, 'not_found', 'There is no such API path'));
  app.onError((error, c) => {
    console.error(`API error on ${c.req.method} ${c.req.routePath}: ${error.message}`);
    return apiError(c, 500, 'internal', 'Something went wrong on our side. Please try again.');
  });
  return app;
}
