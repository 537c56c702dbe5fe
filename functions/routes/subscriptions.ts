import { Hono, type Context } from 'hono';
import { subscriptionInput, textCodeInput, unsubscribeInput } from '../../src/common/contract/index.ts';
import { RATE_LIMITS } from '../../src/common/contract/limits.ts';
import { isLang, localizePath } from '../../src/common/i18n/languages.ts';
import { remindersLeft } from '../../src/common/contract/detention.ts';
import { textOrigin } from '../outbound/sms.ts';
import type { RouteDeps } from '../deps.ts';
import { endTextSubscriptions, remindByText, sendTextCode, subscribeToTexts, useTextCode, type CodePurpose } from '../domain/text-alerts.ts';
import { apiError, jsonBody } from '../http/answers.ts';
import { rateLimit, spend } from '../middleware/rate-limit/index.ts';

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
  /** 202 for any number: a code is on its way to it, unless it was sent enough today. */
  const codeSent = async (c: Context, request: Parameters<typeof sendTextCode>[1]) => {
    if (!(await spend(deps, 'textCodeNumber', await deps.keys.dailyHash(deps.now(), 'text-code', request.phone)))) {
      return apiError(c, 429, 'rate_limited', RATE_LIMITS.textCodeNumber.message);
    }
    await sendTextCode(deps, request);
    return c.json({ phone: request.phone }, 202);
  };
  /** The same refusal for every code that does not work, whatever the reason. */
  const wrongCode = (c: Context) =>
    apiError(c, 400, 'wrong_code', 'This code does not work: it is wrong, used or expired, or was tried too often. Ask for a new one.', {
      code: 'This code does not work',
    });
  const use = (entered: { phone: string; code: string }, purpose: CodePurpose) => useTextCode(deps, entered, purpose, deps.now());

  return (
    new Hono()
      .post('/', jsonBody(subscriptionInput), rateLimit(deps, 'subscription'), async (c) => codeSent(c, { ...c.var.body, purpose: 'start' }))
      .post('/stop', jsonBody(unsubscribeInput), rateLimit(deps, 'subscription'), async (c) => codeSent(c, { ...c.var.body, city: null, purpose: 'stop' }))
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
      .post('/reminders', jsonBody(unsubscribeInput), rateLimit(deps, 'reminder'), async (c) => codeSent(c, { ...c.var.body, city: null, purpose: 'remind' }))
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
