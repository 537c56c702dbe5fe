import type { Context } from 'hono';
import type { Database } from '../db/client.ts';
import type { AlertType } from '../src/common/contract/limits.ts';
import type { LiveEvent } from '../src/common/contract/events.ts';
import type { DataKey, Sealer } from './domain/sealed.ts';
import type { Keyring } from './domain/keys.ts';
import type { MediaStore } from './media/store.ts';
import type { PushSender, VapidKeys } from './outbound/push.ts';

/** An HTTP SMS provider: POST {to, body} as JSON to `url`, with the token as a bearer. */
export interface SmsGateway {
  url: string;
  token?: string;
}

/** Texts to the service's number, from an SMS provider's webhook in Twilio's form. */
export interface SmsInbound {
  /** The provider's auth token: the key of its signatures. */
  secret: string;
  /** The address the provider calls; without it, the address the request arrived at. */
  url?: string;
}

/** What the API needs from its host: the embedded Node process or the Cloudflare worker. */
export interface Deps {
  db: Database;
  media: MediaStore;
  /** The key personal data is sealed with (DATA_KEY, or the Node host's key file); see functions/domain/sealed.ts. */
  dataKey: DataKey | Promise<DataKey>;
  /** Sends a live event to every open page (the Node relay, or the room's Durable Object). */
  publish: (event: LiveEvent) => unknown;
  /** How many pages listen to the live room now. */
  watching: () => number | Promise<number>;
  /**
   * The client's network address, used only to derive a keyed hash that rotates daily for rate
   * limits; the address itself is never stored or logged.
   */
  clientAddress: (c: Context) => string | undefined;
  /** Lets work go on after the answer is sent (Cloudflare's waitUntil); by default it just runs. */
  defer?: (work: Promise<unknown>) => void;
  /** For tests: the current time in ms. */
  now?: () => number;
  config?: {
    /** Secret for keyed hashes; without one, a random one is made and kept in the database, sealed under the data key. */
    hashSecret?: string;
    /** Hours each alert type stays listed, over the contract's defaults. */
    alertHours?: Partial<Record<AlertType, number>>;
    /** The HTTP SMS provider; without one, texts wait in the outbox. */
    smsGateway?: SmsGateway | null;
    /** Texts to the service's number (SMS_INBOUND_SECRET, SMS_INBOUND_URL); without it, POST /api/sms/inbound answers 404. */
    smsInbound?: SmsInbound | null;
    /** The external donation page (PUBLIC_DONATION_URL); the contract's default without one. */
    donationUrl?: string;
    /** Where Quick exit leads on the pages answered after a form post (PUBLIC_QUICK_EXIT_URL); the contract's default without one. */
    quickExitUrl?: string;
    /** Dollars raised, shown on /admin as Total Donations (no payment data reaches this app). */
    donationsTotal?: number;
    /** PFIF_DOMAIN: the domain of this site's PFIF record ids, CAP sender and calendar UIDs; the host name asked for without it. */
    pfifDomain?: string;
    /** Keep public list answers this long (ms); only for a host that sees every write. 0: off. */
    listCacheMs?: number;
    push?: {
      /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; without them, a pair made once and kept in the database, sealed under the data key. */
      vapid?: VapidKeys;
      /** VAPID_SUBJECT; without it, the site's https address (PFIF_DOMAIN). */
      subject?: string;
      /** PUSH_SERVICE_HOSTS: the push services this server calls; the browsers' own without it. */
      serviceHosts?: string[];
    };
  };
}

/** What the route files get: the host's deps, completed, with a publish that never fails a request. */
export interface RouteDeps extends Required<Omit<Deps, 'config' | 'dataKey'>> {
  publish: (event: LiveEvent) => Promise<void>;
  keys: Keyring;
  /** Seals and opens the columns holding phone numbers and emails: every such row goes through it. */
  sealed: Sealer;
  alertHours: Record<AlertType, number>;
  smsGateway: SmsGateway | null;
  smsInbound: SmsInbound | null;
  donationUrl: string;
  donationsTotal: number;
  pfifDomain: string | null;
  /** Where Quick exit leads on the pages the API answers itself (config's quickExitUrl, or the contract's default). */
  quickExitUrl: string;
  push: PushSender;
}
