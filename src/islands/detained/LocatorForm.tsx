import { useEffect, useId, useState } from 'react';
import { browserPush, pushSupported } from '../../client/live/push.ts';
import { ApiError, call } from '../../client/api.ts';
import { aNumberDigits } from '../../common/contract/detention.ts';
import { LOCALES, type Lang } from '../../common/i18n/languages.ts';
import { isolate } from '../../common/format.ts';
import { messageFn, type Messages } from '../../common/i18n/messages.ts';
import { $birthCountry } from '../../client/detained.ts';
import BirthCountrySelect from '../shared/BirthCountrySelect.tsx';
import { LocatorCard, OpenLocator } from '../shared/LocatorCard.tsx';
import { CodeField } from '../shared/CodeField.tsx';

/**
 * /detained's step 2: a name, a country of birth and an A-number typed here make the locator
 * card on the phone. The form is never sent: it has no action and no names, and what is typed
 * lives in this page's memory only. Before scripts run (or without them) it says so and offers
 * the locator itself.
 */
export default function LocatorForm({ lang, messages }: { lang: Lang; messages: Messages }) {
  const t = messageFn(messages, lang);
  const id = useId();
  const [ready, setReady] = useState(false);
  const [name, setName] = useState('');
  const [country, setCountry] = useState('');
  const [aNumber, setANumber] = useState('');
  useEffect(() => setReady(true), []);
  useEffect(() => $birthCountry.set(country || null), [country]);

  if (!ready)
    return (
      <div className="locator-card">
        <p className="note">{t('detained.cardNeedsScript')}</p>
        <OpenLocator t={t} />
      </div>
    );
  const badNumber = aNumber.trim() !== '' && !aNumberDigits(aNumber);
  // The locator reads only Latin letters: a name typed in another script has no spelling to try there.
  const notLatin = /\p{L}/u.test(name) && !/\p{Script=Latin}/u.test(name);
  return (
    <div className="detained-card">
      <form className="form-grid" onSubmit={(event) => event.preventDefault()} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('detained.cardName')}</label>
          <input
            id={`${id}-name`}
            autoComplete="off"
            dir="auto"
            maxLength={200}
            value={name}
            aria-describedby={notLatin ? `${id}-name-latin` : undefined}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          {notLatin && (
            <p className="hint" id={`${id}-name-latin`}>
              {t('detained.cardLatin')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-country`}>{t('detained.cardCountry')}</label>
          <BirthCountrySelect lang={lang} none={t('detained.cardCountryNone')} id={`${id}-country`} value={country} onChange={(event) => setCountry(event.currentTarget.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-aNumber`}>{t('detained.cardANumber')}</label>
          <input
            id={`${id}-aNumber`}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            maxLength={20}
            value={aNumber}
            aria-invalid={badNumber || undefined}
            aria-describedby={badNumber ? `${id}-aNumber-error` : undefined}
            onChange={(event) => setANumber(event.currentTarget.value)}
          />
          {badNumber && (
            <p className="field-error" id={`${id}-aNumber-error`}>
              {t('detained.cardANumberInvalid')}
            </p>
          )}
        </div>
      </form>
      {name.trim() || aNumberDigits(aNumber) ? (
        <LocatorCard name={name} country={country || null} aNumber={aNumber} t={t} />
      ) : (
        <div className="locator-card">
          <p className="note">{t('detained.cardEmpty')}</p>
          <OpenLocator t={t} />
        </div>
      )}
      <Reminders lang={lang} t={t} />
    </div>
  );
}

/**
 * "Remind me to search again": this phone's push subscription (its address at the push service,
 * nothing typed here) asks for reminders at REMINDER_HOURS; the times left show with a button that
 * stops them. A phone that cannot or will not show notifications is told so.
 */
function Reminders({ lang, t }: { lang: Lang; t: ReturnType<typeof messageFn> }) {
  const id = useId();
  const [state, setState] = useState<{ times: string[] } | 'blocked' | 'failed' | 'stopped' | 'unsupported' | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!pushSupported()) return setState('unsupported');
    void (async () => {
      const push = await browserPush(false).catch(() => null);
      if (!push || typeof push === 'string') return;
      const device = await call('POST /api/push/subscriptions/lookup', { endpoint: push.endpoint }).catch(() => null);
      if (device?.reminders.length) setState({ times: device.reminders });
    })();
  }, []);
  const when = new Intl.DateTimeFormat(LOCALES[lang], { weekday: 'short', hour: 'numeric', minute: '2-digit' });
  const list = new Intl.ListFormat(LOCALES[lang], { type: 'conjunction' });
  /** "Reminders set for Sun 2:10 AM, Sun 6:10 PM and Mon 6:10 PM.", in the page's language. */
  const setFor = (times: string[]) => t('detained.remindSet', { times: list.format(times.map((time) => when.format(Date.parse(time)))) });

  async function act(start: boolean) {
    setPending(true);
    try {
      const push = await browserPush(start);
      if (push === 'blocked' || push === 'unsupported') return setState(push === 'blocked' ? 'blocked' : 'unsupported');
      if (!push) return setState('stopped');
      if (start) setState({ times: (await call('POST /api/push/reminders', { ...push, lang })).reminders });
      else {
        await call('DELETE /api/push/reminders', { endpoint: push.endpoint });
        setState('stopped');
      }
    } catch {
      setState('failed');
    } finally {
      setPending(false);
    }
  }

  const set = state !== null && typeof state === 'object';
  return (
    <section className="locator-card detained-reminders" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('detained.remindTitle')}</h3>
      <p className="hint">{t('detained.remindText')}</p>
      <p role="status" className={state === 'failed' || state === 'blocked' ? 'field-error' : 'note'}>
        {set
          ? setFor(state.times)
          : state === 'stopped'
            ? t('detained.remindStopped')
            : state === 'blocked'
              ? t('detained.remindBlocked')
              : state === 'unsupported'
                ? t('detained.remindNoPush')
                : state === 'failed'
                  ? t('detained.remindFailed')
                  : ''}
      </p>
      {state !== 'unsupported' && (
        <button type="button" className="button secondary" disabled={pending} onClick={() => void act(!set)}>
          {t(set ? 'detained.remindStop' : 'detained.remindButton')}
        </button>
      )}
      <TextReminders lang={lang} t={t} when={setFor} />
    </section>
  );
}

/**
 * The reminders by text: a number, the code texted to it (so no one can have a stranger's phone
 * texted), then the three texts; a reply of STOP ends them. The number is sent for this only.
 */
function TextReminders({ lang, t, when }: { lang: Lang; t: ReturnType<typeof messageFn>; when: (times: string[]) => string }) {
  const id = useId();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  const [pending, setPending] = useState(false);

  async function send(event: { preventDefault(): void }) {
    event.preventDefault();
    setPending(true);
    try {
      if (sentTo === null) {
        const sent = (await call('POST /api/alert-subscriptions/reminders', { phone, lang })).phone;
        setSentTo(sent);
        setStatus({ text: t('alertsLive.codeSentText', { phone: isolate(sent) }) });
      } else {
        const { reminders } = await call('POST /api/alert-subscriptions/reminders/confirm', { phone: sentTo, code });
        setStatus({ text: when(reminders) });
        setSentTo(null);
        setCode('');
      }
    } catch (error) {
      const wrong = error instanceof ApiError && (error.code === 'wrong_code' || 'code' in error.fields);
      setStatus({ text: t(wrong ? 'detained.remindWrongCode' : 'detained.remindFailed'), error: true });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="form-grid" onSubmit={(event) => void send(event)} noValidate>
      <p>{t('detained.remindByText')}</p>
      {sentTo === null ? (
        <div className="field">
          <label htmlFor={`${id}-phone`}>{t('detained.remindPhone')}</label>
          <input
            id={`${id}-phone`}
            type="tel"
            autoComplete="tel"
            dir="ltr"
            maxLength={40}
            value={phone}
            aria-describedby={`${id}-phone-hint`}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
          <p className="hint" id={`${id}-phone-hint`}>
            {t('detained.remindPhoneHint')}
          </p>
        </div>
      ) : (
        <CodeField id={`${id}-code`} label={t('detained.remindCode')} value={code} onChange={setCode} />
      )}
      <p role="status" className={status?.error ? 'field-error' : 'note'}>
        {status?.text}
      </p>
      <div>
        <button type="submit" className="button secondary" disabled={pending}>
          {t(sentTo === null ? 'detained.remindSendCode' : 'detained.remindConfirm')}
        </button>
      </div>
      {sentTo !== null && (
        <button
          className="link-button"
          type="button"
          disabled={pending}
          onClick={() => {
            setSentTo(null);
            setStatus(null);
          }}
        >
          {t('alertsLive.restart')}
        </button>
      )}
    </form>
  );
}
