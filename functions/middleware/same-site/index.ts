/**
 * Where a browser says a request comes from. Any busy website could otherwise make its visitors'
 * browsers post to ours (a form that submits itself needs no script), so writes from another
 * site are refused here, before anything reads them.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { apiError } from '../../http/answers.ts';
import { refusedFromElsewhere } from '../form-posts/index.ts';

/**
 * `here`: the browser says this site (Sec-Fetch-Site same-origin, which no page can set, or our
 * Origin). `elsewhere`: it names another site (Sec-Fetch-Site cross-site or same-site, a sibling
 * subdomain being no page of ours, or an Origin of another host). `unsaid`: neither, as from curl,
 * a server, or an old browser on our own page: our pages say `Referrer-Policy: no-referrer`, so a
 * browser's form post from them carries `Origin: null`, which alone tells nothing.
 *
 * An Origin is ours when its host (with port) is the request's own: behind a proxy that ends TLS
 * the app sees http:// while the page is https://, but the host is the same. `publicHost`
 * (PFIF_DOMAIN, the site's public host name) counts too, for a proxy that rewrites the Host.
 */
export function requestFrom(c: Context, publicHost?: string | null): 'here' | 'elsewhere' | 'unsaid' {
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  const hosts = [new URL(c.req.url).host, publicHost?.toLowerCase()];
  const ourOrigin = origin !== undefined && URL.canParse(origin) && hosts.includes(new URL(origin).host);
  if ((site !== undefined && site !== 'same-origin' && site !== 'none') || (origin !== undefined && origin !== 'null' && !ourOrigin)) return 'elsewhere';
  return site === 'same-origin' || ourOrigin ? 'here' : 'unsaid';
}

/** Server-to-server writes, which no browser makes: the SMS provider's signed webhook. */
const FROM_SERVERS = new Set(['/api/sms/inbound']);

/**
 * Refuses every public write (POST, PUT, PATCH, DELETE) a browser says comes from another site:
 * 403 `cross_site`, nothing stored; one of our forms posted without scripts gets a small page
 * in its language instead. A request that names no other site is let through: curl, servers, and
 * browsers older than Sec-Fetch-Site (Safari before 16.4) whose post says `Origin: null` (which
 * our own pages' posts say too, so refusing it would refuse our forms on those phones); a
 * current browser always names the other site. `exit` is where the page's Quick exit leads.
 */
export function sameSiteWrites(exit: string, publicHost?: string | null): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS' || FROM_SERVERS.has(c.req.path)) return next();
    if (requestFrom(c, publicHost) !== 'elsewhere') return next();
    return (await refusedFromElsewhere(c, exit)) ?? apiError(c, 403, 'cross_site', 'Writes must come from a page of this site');
  };
}
