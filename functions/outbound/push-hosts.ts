/**
 * Which push services this server may call, on its own (no imports): the configuration checks
 * PUSH_SERVICE_HOSTS with it without loading the sending side.
 */

/** The push services of the browsers in use: Chrome (FCM), Firefox, Safari, Edge. */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com'];

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\]):\d{1,5}$/;

/** A PUSH_SERVICE_HOSTS entry: a host name, `*.` and a domain, or a loopback host:port. */
export const isPushServiceHost = (entry: string) => LOOPBACK.test(entry) || /^(\*\.)?([a-z0-9-]+\.)+[a-z]{2,}$/.test(entry);

/**
 * Whether this server may call `endpoint`: https on a listed push service, or plain http on a
 * loopback host:port listed as such (a test's push service), so that a subscription cannot make
 * the server call any other address.
 */
export function allowedEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'http:') return hosts.includes(url.host) && LOOPBACK.test(url.host);
  if (url.protocol !== 'https:' || url.port) return false;
  return hosts.some((host) => (host.startsWith('*.') ? url.hostname.endsWith(host.slice(1)) : url.hostname === host));
}
