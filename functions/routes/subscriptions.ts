import { Hono } from 'hono';
import { subscriptionInput, textCodeInput, unsubscribeInput } from '../../src/common/contract/index.ts';
import { isLang, localizePath } from '../../src/common/i18n/languages.ts';
import { remindersLeft } from '../../src/common/contract/detention.ts';
import { textOrigin } from '../outbound/sms.ts';
import type { RouteDeps } from '../deps.ts';
import { endTextSubscriptions, remindByText, subscribeToTexts, useTextCode, type CodePurpose } from '../domain/text-alerts.ts';
import { jsonBody } from '../http/answers.ts';
import { codeSent, wrongCode } from '../http/text-codes.ts';
import { rateLimit } from '../middleware/rate-limit/index.ts';

/**
 * /api/alert-subscriptions: text alerts from the web, only with the number's owner. Asking to
 * start (POST /) or to stop (POST /stop) texts a code to the number; entering it (POST /confirm,
 * POST /stop/confirm) does what was asked. Every answer is the same whether the number is
 * subscribed or not, and so is the work done; codes are limited per client and per number, and
 * tries per client and per code. A phone can always start by texting ALERTS and stop by STOP.
 * POST /reminders and /reminders/confirm start the texts that remind a number to search the
 * detainee locator again (/detained); STOP ends them with the rest.
 */
export function subscriptionRoutes(deps: RouteDeps) {
  const use = (entered: { phone: string; code: string }, purpose: CodePurpose) => useTextCode(deps, entered, purpose, deps.now());

  return (
    new Hono()
      .post('/', jsonBody(subscriptionInput), rateLimit(deps, 'subscription'), async (c) => codeSent(deps, c, { ...c.var.body, purpose: 'start' }))
      .post('/stop', jsonBody(unsubscribeInput), rateLimit(deps, 'subscription'), async (c) => codeSent(deps, c, { ...c.var.body, city: null, purpose: 'stop' }))
      .post('/confirm', jsonBody(textCodeInput), rateLimit(deps, 'textCodeTry'), async (c) => {
        const asked = await use(c.var.body, 'start');
        if (!asked) return wrongCode(c);
        const row = await subscribeToTexts(deps, { phone: c.var.body.phone, city: asked.city, lang: isLang(asked.lang) ? asked.lang : 'en', updates: asked.updates }, deps.now());
        return c.json({ phone: row.phone, city: row.city, lang: row.lang, updates: row.updates }, 201);
      })
      .post('/stop/confirm', jsonBody(textCodeInput), rateLimit(deps, 'textCodeTry'), async (c) => {
        if (!(await use(c.var.body, 'stop'))) return wrongCode(c);
        await endTextSubscriptions(deps, c.var.body.phone);
        return c.json({ phone: c.var.body.phone });
      })
      // Reminders to search the detainee locator again (/detained), by text: the number's owner enters the code first.
      .post('/reminders', jsonBody(unsubscribeInput), rateLimit(deps, 'reminder'), async (c) => codeSent(deps, c, { ...c.var.body, city: null, purpose: 'remind' }))
      .post('/reminders/confirm', jsonBody(textCodeInput), rateLimit(deps, 'textCodeTry'), async (c) => {
        const asked = await use(c.var.body, 'remind');
        if (!asked) return wrongCode(c);
        const lang = isLang(asked.lang) ? asked.lang : 'en';
        const link = `${textOrigin(deps, new URL(c.req.url).origin)}${localizePath('/detained', lang)}`;
        const row = await remindByText(deps, { phone: c.var.body.phone, lang, link }, deps.now());
        return c.json({ phone: row.phone, reminders: remindersLeft(row) }, 201);
      })
  );
}
