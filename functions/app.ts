import { Hono } from 'hono';
import { storageFailure } from '../db/failures.ts';
import { ALERT_HOURS, DEFAULT_DONATION_URL, DEFAULT_QUICK_EXIT_URL } from '../src/common/contract/limits.ts';
import { openApiDocument } from '../src/common/contract/openapi.ts';
import type { Deps, RouteDeps } from './deps.ts';
import { placeStoredCities } from './domain/places.ts';
import { sealer } from './domain/sealed.ts';
import { sweep } from './domain/retention.ts';
import { tidySearchIndex } from './domain/person-search.ts';
import { formPosts } from './middleware/form-posts/index.ts';
import { sameSiteWrites } from './middleware/same-site/index.ts';
import { apiError } from './http/answers.ts';
import { keyring } from './domain/keys.ts';
import { listCache } from './middleware/list-cache/index.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS } from './outbound/push-hosts.ts';
import { pushEvent, pushReminders, vapidKeys } from './outbound/push.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { respondRoutes } from './routes/respond.ts';
import { alertRoutes } from './routes/alerts.ts';
import { communityUploadRoutes } from './routes/community-uploads.ts';
import { directoryRoutes } from './routes/directory.ts';
import { feedRoutes } from './routes/feeds.ts';
import { helpPostRoutes, responseRoutes } from './routes/help-posts.ts';
import { hsdsRoutes } from './routes/hsds.ts';
import { liveRoutes } from './routes/live.ts';
import { lostFoundRoutes, shortLinkRoutes } from './routes/lost-found.ts';
import { multipartRoutes } from './routes/multipart.ts';
import { pfifRoutes } from './routes/pfif.ts';
import { healthRoutes } from './routes/health.ts';
import { powRoutes } from './domain/pow.ts';
import { placeRoutes } from './routes/places.ts';
import { pushRoutes } from './routes/push.ts';
import { ownerRoutes } from './http/relay.ts';
import { donationLinkRoutes, pulseRoutes } from './routes/pulse.ts';
import { subscriptionRoutes } from './routes/subscriptions.ts';
import { queueReminderTexts } from './domain/text-alerts.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { deliverOutbox } from './outbound/sms.ts';
import { smsInboundRoutes } from './routes/sms-inbound.ts';

/**
 * What a failure was, for the log, without what was posted: a failed query's message carries its
 * parameters (a contact, a message), so only the error's kind and the database's code are kept.
 */
const failureOf = (error: Error) => {
  const code = (error.cause as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown }).code;
  return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}${error.cause ? '' : `: ${error.message.split('\n')[0]}`}`;
};

/**
 * The one API app (basePath /api) every host serves. It never stores or logs a visitor's IP
 * address or user agent. `maintain()` places the cities stored before counties were (once), seals
 * the personal data stored before sealing (once),
 * deletes what has expired, takes a step in merging the search index, pushes the locator reminders due and sends waiting texts; hosts call it every minute or so (requests
 * also sweep now and then).
 */
export function createApp(deps: Deps) {
  const sealed = sealer(deps.db, deps.dataKey);
  const routeDeps: RouteDeps = {
    now: Date.now,
    defer: (work) => void work.catch((error: Error) => console.error(`Background work failed: ${failureOf(error)}`)),
    ...deps,
    // What was stored stays stored: a room that cannot be reached only costs the live toast.
    // Phones with the page closed hear of it by Web Push, sent after the answer.
    publish: async (event) => {
      routeDeps.defer(pushEvent(routeDeps.db, routeDeps.push, event));
      try {
        await deps.publish(event);
      } catch (error) {
        console.error(`Could not publish ${event.event}: ${(error as Error).message}`);
      }
    },
    keys: keyring(sealed, deps.config?.hashSecret),
    sealed,
    alertHours: { ...ALERT_HOURS, ...deps.config?.alertHours },
    smsGateway: deps.config?.smsGateway ?? null,
    smsInbound: deps.config?.smsInbound ?? null,
    donationUrl: deps.config?.donationUrl ?? DEFAULT_DONATION_URL,
    donationsTotal: deps.config?.donationsTotal ?? 0,
    pfifDomain: deps.config?.pfifDomain ?? null,
    quickExitUrl: deps.config?.quickExitUrl ?? DEFAULT_QUICK_EXIT_URL,
    push: {
      hosts: deps.config?.push?.serviceHosts ?? DEFAULT_PUSH_SERVICE_HOSTS,
      keys: vapidKeys(sealed, deps.config?.push?.vapid),
      subject: deps.config?.push?.subject ?? `https://${deps.config?.pfifDomain ?? 'localhost'}`,
    },
  };
  const app = new Hono().basePath('/api');
  // First: a write another site's page sends is refused before anything reads or counts it.
  app.use(sameSiteWrites(routeDeps.quickExitUrl, routeDeps.pfifDomain));
  const lists = listCache(deps.config?.listCacheMs ?? 0, routeDeps.now);
  if (deps.config?.listCacheMs) app.use(lists.middleware);
  app.use(formPosts((request, env) => app.fetch(request, env), routeDeps.quickExitUrl));
  app.route('/lost-found', lostFoundRoutes(routeDeps));
  app.route('/p', shortLinkRoutes(routeDeps));
  // Before the boards' own routes, so no `/alerts/:id` there can take feed.atom for an id.
  app.route('/', feedRoutes(routeDeps));
  app.route('/alerts', alertRoutes(routeDeps));
  app.route('/upload', uploadRoutes(routeDeps));
  app.route('/alert-subscriptions', subscriptionRoutes(routeDeps));
  app.route('/live', liveRoutes(routeDeps));
  app.route('/assistance-requests', helpPostRoutes(routeDeps, 'requests'));
  app.route('/surplus-offers', helpPostRoutes(routeDeps, 'offers'));
  app.route('/assistance-responses', responseRoutes(routeDeps));
  app.route('/community-assistance/upload', communityUploadRoutes(routeDeps));
  app.route('/uploads', multipartRoutes(routeDeps));
  app.route('/pulse', pulseRoutes(routeDeps));
  app.route('/donation-links', donationLinkRoutes(routeDeps));
  app.route('/pfif', pfifRoutes(routeDeps));
  app.route('/places', placeRoutes(routeDeps));
  app.route('/push', pushRoutes(routeDeps));
  app.route('/owners', ownerRoutes(routeDeps));
  app.route('/', hsdsRoutes(routeDeps));
  app.route('/pow', powRoutes(routeDeps));
  app.route('/admin', adminRoutes(routeDeps));
  app.route('/respond', respondRoutes(routeDeps));
  app.route('/sms/inbound', smsInboundRoutes(routeDeps));
  app.route('/health', healthRoutes(routeDeps));
  const description = openApiDocument();
  app.get('/openapi.json', (c) => c.json(description));
  app.route('/', directoryRoutes(routeDeps));
  app.notFound((c) => apiError(c, 404, 'not_found', 'There is no such API path'));
  app.onError((error, c) => {
    const where = `${c.req.method} ${c.req.routePath}`;
    // Nothing was saved in either case: a failed statement or batch rolls back, a partial file is removed.
    const failure = storageFailure(error);
    if (failure === 'busy') {
      console.error(`Database busy on ${where}: the write lock stayed taken (by another process?); nothing was saved`);
      c.header('retry-after', '5');
      return apiError(c, 503, 'busy', 'The server is busy. Nothing was saved; please try again in a moment.');
    }
    if (failure === 'full') {
      console.error(`Storage full on ${where}: the disk (or database quota) has no room; nothing was saved. Free some space.`);
      return apiError(c, 507, 'storage_full', 'The server has no room to save this right now. Nothing was saved; please try again later.');
    }
    console.error(`API error on ${where}: ${failureOf(error)}`);
    return apiError(c, 500, 'internal', 'Something went wrong on our side. Please try again.');
  });
  return Object.assign(app, {
    async maintain() {
      await placeStoredCities(routeDeps.db);
      await routeDeps.sealed.sealOnce();
      await sweep(routeDeps);
      await tidySearchIndex(routeDeps.db);
      await pushReminders(routeDeps.db, routeDeps.push, routeDeps.now());
      await queueReminderTexts(routeDeps, routeDeps.now());
      lists.clear();
      return deliverOutbox(routeDeps, routeDeps.smsGateway, routeDeps.now());
    },
  });
}
