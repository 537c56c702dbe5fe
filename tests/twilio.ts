import { createHmac } from 'node:crypto';
import type { TestApp } from './test-app.ts';

/** The webhook secret and address the tests' apps are configured with (`smsInbound`). */
export const SMS_INBOUND = { secret: 'twilio-auth-token-for-tests', url: 'https://findhelpreunite.org/api/sms/inbound' };

/** Twilio's signature, computed with Node's own HMAC (not the WebCrypto code under test). */
export const twilioSignature = (params: URLSearchParams, url = SMS_INBOUND.url, secret = SMS_INBOUND.secret) =>
  createHmac('sha1', secret)
    .update(
      url +
        [...params]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([name, value]) => name + value)
          .join(''),
    )
    .digest('base64');

let sent = 0;
/** A text as Twilio posts it, with a MessageSid of its own (Twilio never reuses one). */
export const twilioForm = (body: string, from: string) => {
  const sid = `SM${(++sent).toString(16).padStart(32, '0')}`;
  return new URLSearchParams({ ToCountry: 'US', MessageSid: sid, SmsMessageSid: sid, NumMedia: '0', From: from, To: '+15595550100', Body: body, ApiVersion: '2010-04-01' });
};

/** Posts `params` to the app's webhook, signed unless told otherwise. */
export const postText = (app: TestApp['app'], params: URLSearchParams, signature: string | null = twilioSignature(params)) =>
  app.request('/api/sms/inbound', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
    body: params.toString(),
  });
