/**
 * Community alerts for alerting systems and news rooms: one alert as CAP 1.2 (the OASIS Common
 * Alerting Protocol) and the listed alerts as an Atom 1.0 feed linking each one's CAP. No database
 * here: the route hands in alerts as the lists answer them.
 *
 * What never crosses: the reporter's contact, the photo, and any position. A PRECISE alert's
 * rounded point would be the centre of any CAP circle, however wide, handing the ~100 m point to
 * every machine that collects the feed; the city, its county and the county's code are what
 * alerting systems target by anyway.
 */
import type { Alert } from '../../src/common/contract/alerts.ts';
import { countyOf } from '../../src/common/contract/places.ts';
import { ENFORCEMENT_TYPE, type AlertType } from '../../src/common/contract/values.ts';
import type { PfifSite } from './pfif.ts';
import { californiaTime } from './time.ts';
import { escapeAttribute, escapeXml } from './xml.ts';

export const CAP_1_2 = 'urn:oasis:names:tc:emergency:cap:1.2';
export const ATOM = 'http://www.w3.org/2005/Atom';
export const CAP_MEDIA_TYPE = 'application/cap+xml';
const SITE_NAME = 'Find. Help. Reunite.';

type Category = 'Security' | 'Safety' | 'Met' | 'Transport' | 'Other';
type Urgency = 'Immediate' | 'Expected' | 'Unknown';
type Severity = 'Moderate' | 'Minor' | 'Unknown';

/**
 * CAP's words for each type. Every alert is one person's report: urgency and severity say only
 * what its type implies, and no type is ever Severe or Extreme.
 */
const CAP_TYPES: Record<AlertType, { category: Category; urgency: Urgency; severity: Severity }> = {
  [ENFORCEMENT_TYPE]: { category: 'Security', urgency: 'Immediate', severity: 'Moderate' },
  'Safety Checkpoint': { category: 'Security', urgency: 'Immediate', severity: 'Moderate' },
  'Weather Alert': { category: 'Met', urgency: 'Expected', severity: 'Unknown' },
  'Transit Disruption': { category: 'Transport', urgency: 'Expected', severity: 'Minor' },
  'Community Notice': { category: 'Other', urgency: 'Unknown', severity: 'Minor' },
  'General Advisory': { category: 'Safety', urgency: 'Unknown', severity: 'Minor' },
  'Resource Available': { category: 'Other', urgency: 'Unknown', severity: 'Minor' },
  'Public Event': { category: 'Other', urgency: 'Unknown', severity: 'Minor' },
};

/** The public board an alert is listed on. */
const alertPage = (alert: { type: string }, site: PfifSite) => `${site.baseUrl}${alert.type === ENFORCEMENT_TYPE ? '/ice-reports' : '/alerts'}`;
const capUrl = (alert: Pick<Alert, 'id'>, site: PfifSite) => `${site.baseUrl}/api/alerts/${encodeURIComponent(alert.id)}/cap.xml`;
const headline = (alert: Alert) => `${alert.type}: ${alert.city}`;

/**
 * What the card says, in the order it says it: an enforcement report's facts, then the details,
 * then who vouches for it, so no reader takes a neighbour's report for an official one.
 */
function description(alert: Alert): string {
  const facts = [
    alert.area && `Area: ${alert.area}`,
    alert.activity && `What is happening: ${alert.activity}`,
    alert.agents !== null && `Agents seen: ${alert.agents}`,
    alert.vehicles !== null && `Vehicles seen: ${alert.vehicles}`,
    alert.markings && `Markings: ${alert.markings}`,
  ].filter(Boolean);
  const vouched = {
    reported: 'that no one has confirmed yet',
    confirmed: 'that others have confirmed',
    verified: alert.stateBy ? `that a rapid responder of ${alert.stateBy} went and saw` : 'that a moderator checked',
    'false-alarm': 'that turned out a false alarm',
    over: 'that is over',
  }[alert.state];
  const note = alert.stateNote && `Note from ${alert.stateBy}: ${alert.stateNote}`;
  return [...facts, alert.details, note, `(A community report ${vouched}; not an official warning.)`].filter(Boolean).join('\n');
}

/** Why a report ended early, as a Cancel's note: a rapid responder's word (their network, never the person) and their note. */
function endNote(alert: Alert): string {
  const said = alert.state === 'false-alarm' ? `False alarm: a rapid responder of ${alert.stateBy} checked it.` : `Over: a rapid responder of ${alert.stateBy} said it has ended.`;
  return alert.stateNote ? `${said} ${alert.stateNote}` : said;
}

/** A report a rapid responder ended early (a false alarm, or over): what its CAP Cancel and its feed entry say. */
const ended = (alert: Alert) => (alert.state === 'false-alarm' || alert.state === 'over') && alert.stateAt !== null;

/**
 * One alert as a CAP 1.2 document. Its certainty is Possible until people confirm it (or an admin
 * checks it), then Likely, and Observed once a rapid responder went and saw it. The marks so far
 * and its state travel as parameters. Once a moderator closes it, or a rapid responder calls it a
 * false alarm or over, a Cancel with the reason answers in its place.
 */
export function writeCap(alert: Alert, site: PfifSite): string {
  if (ended(alert)) return writeCancel({ id: alert.id, type: alert.type, city: alert.city, sentAt: alert.createdAt, closedAt: alert.stateAt! }, site, endNote(alert));
  const kind = CAP_TYPES[alert.type];
  const county = alert.county ? countyOf(alert.county) : null;
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<alert xmlns="${CAP_1_2}">`];
  const element = (indent: string, name: string, value: string) => lines.push(`${indent}<${name}>${escapeXml(value)}</${name}>`);
  const pair = (indent: string, name: string, valueName: string, value: string) => {
    lines.push(`${indent}<${name}>`);
    element(`${indent}  `, 'valueName', valueName);
    element(`${indent}  `, 'value', value);
    lines.push(`${indent}</${name}>`);
  };
  element('  ', 'identifier', `${site.domain}/alert.${alert.id}`);
  element('  ', 'sender', site.domain);
  element('  ', 'sent', californiaTime(alert.createdAt));
  element('  ', 'status', 'Actual');
  element('  ', 'msgType', 'Alert');
  element('  ', 'scope', 'Public');
  lines.push('  <info>');
  element('    ', 'language', 'en-US');
  element('    ', 'category', kind.category);
  element('    ', 'event', alert.type);
  element('    ', 'urgency', kind.urgency);
  element('    ', 'severity', kind.severity);
  // A rapid responder went and saw it: observed by a person the network trusts, still no authority.
  element('    ', 'certainty', alert.state === 'verified' && alert.stateBy ? 'Observed' : alert.verified || alert.confirmedByOthers ? 'Likely' : 'Possible');
  if (alert.alertTime) element('    ', 'onset', californiaTime(alert.alertTime));
  element('    ', 'expires', californiaTime(alert.expiresAt));
  element('    ', 'senderName', SITE_NAME);
  element('    ', 'headline', headline(alert));
  element('    ', 'description', description(alert));
  element('    ', 'web', alertPage(alert, site));
  pair('    ', 'parameter', 'confirmations', String(alert.confirmations));
  pair('    ', 'parameter', 'allClears', String(alert.allClears));
  pair('    ', 'parameter', 'state', alert.state);
  lines.push('    <area>');
  element('      ', 'areaDesc', [alert.city, county && `${county.name} County`, 'California'].filter(Boolean).join(', '));
  // SAME, the code weather radios and alert relays target: 0 (the whole county), 06 (California), the county.
  if (county) pair('      ', 'geocode', 'SAME', `006${county.fips}`);
  lines.push('    </area>', '  </info>', '</alert>', '');
  return lines.join('\n');
}

/** What is kept of a report closed by "all clear" marks or taken down: its type and place, never its details. */
export interface Closure {
  id: string;
  type: string;
  city: string;
  sentAt: string;
  closedAt: string;
  reason?: string;
}

const ALL_CLEAR = 'Closed: people nearby said it is over.';
const TAKEN_DOWN = 'Taken down by a moderator of this site.';
/** A closure's note and the word its feed entry starts with. */
const closed = (closure: Closure) => (closure.reason === 'taken-down' ? { note: TAKEN_DOWN, word: 'Taken down' } : { note: ALL_CLEAR, word: 'All clear' });

/**
 * A closed report as a CAP 1.2 Cancel: it names the alert it cancels (sender, identifier, sent)
 * and says why, so a relay that passed the alert on can take it back.
 */
export function writeCancel(closure: Closure, site: PfifSite, note = closed(closure).note): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<alert xmlns="${CAP_1_2}">`];
  const element = (name: string, value: string) => lines.push(`  <${name}>${escapeXml(value)}</${name}>`);
  element('identifier', `${site.domain}/alert.${closure.id}.cancel`);
  element('sender', site.domain);
  element('sent', californiaTime(closure.closedAt));
  element('status', 'Actual');
  element('msgType', 'Cancel');
  element('scope', 'Public');
  element('note', note);
  element('references', `${site.domain},${site.domain}/alert.${closure.id},${californiaTime(closure.sentAt)}`);
  lines.push('</alert>', '');
  return lines.join('\n');
}

/**
 * The listed alerts and the reports closed in the last day, newest change first, as an Atom 1.0
 * feed; each entry links its CAP document and its board. A closed report is its alert's entry
 * again (the same id), updated, with its CAP link now answering the Cancel.
 */
export function writeAtom(alerts: readonly Alert[], closures: readonly Closure[], site: PfifSite, now: number): string {
  const self = `${site.baseUrl}/api/alerts/feed.atom`;
  const link = (indent: string, rel: string, type: string, href: string) => lines.push(`${indent}<link rel="${rel}" type="${type}" href="${escapeAttribute(href)}"/>`);
  const element = (indent: string, name: string, value: string) => lines.push(`${indent}<${name}>${escapeXml(value)}</${name}>`);
  const entries = [
    ...alerts.map((alert) =>
      ended(alert)
        ? {
            item: alert,
            title: `${alert.state === 'false-alarm' ? 'False alarm' : 'Over'}: ${headline(alert)}`,
            published: alert.createdAt,
            updated: alert.stateAt!,
            summary: endNote(alert),
          }
        : {
            item: alert,
            title: alert.state === 'verified' && alert.stateBy ? `Verified by a rapid responder: ${headline(alert)}` : headline(alert),
            published: alert.createdAt,
            updated: alert.stateAt ?? alert.createdAt,
            summary: description(alert),
          },
    ),
    ...closures.map((closure) => ({
      item: closure,
      title: `${closed(closure).word}: ${closure.type}: ${closure.city}`,
      published: closure.sentAt,
      updated: closure.closedAt,
      summary: closed(closure).note,
    })),
  ].sort((a, b) => b.updated.localeCompare(a.updated));
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<feed xmlns="${ATOM}" xml:lang="en-US">`];
  element('  ', 'id', self);
  element('  ', 'title', `${SITE_NAME} Community alerts`);
  element('  ', 'updated', californiaTime(entries[0]?.updated ?? now));
  lines.push(`  <author><name>${escapeXml(SITE_NAME)}</name></author>`);
  link('  ', 'self', 'application/atom+xml', self);
  link('  ', 'alternate', 'text/html', `${site.baseUrl}/alerts`);
  for (const { item, title, published, updated, summary } of entries) {
    lines.push('  <entry>');
    element('    ', 'id', `urn:uuid:${item.id}`);
    element('    ', 'title', title);
    element('    ', 'published', californiaTime(published));
    element('    ', 'updated', californiaTime(updated));
    lines.push(`    <category term="${escapeAttribute(item.type)}"/>`);
    link('    ', 'alternate', CAP_MEDIA_TYPE, capUrl(item, site));
    link('    ', 'alternate', 'text/html', alertPage(item, site));
    element('    ', 'summary', summary);
    lines.push('  </entry>');
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
