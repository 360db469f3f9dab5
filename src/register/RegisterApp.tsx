import { useEffect, useState, type FormEvent } from 'react';
import type { HttpError } from 'ra-core';
import { z } from 'zod';
import type { Translate } from '../../i18n/translate';
import type { PublicTenant } from '../../schema/tenant';
import { registrationBody } from '../../schema/user';
import { issueField, validationMessage } from '../../schema/validation';
import { request } from '../http';
import { StandalonePage, useStandaloneLocale } from '../standalone/StandalonePage';

/** What the form checks before sending: the server's rules, and the password typed twice as on the password screen. */
const registrationForm = registrationBody
  .omit({ tenant_id: true })
  .extend({ confirm_password: z.string().min(1) })
  .refine((values) => values.confirm_password === values.password, { path: ['confirm_password'], error: 'app.validation.password_inconsistent' });

type Errors = Record<string, string>;
type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'unknown' } | { state: 'failed' } | { state: 'ready'; tenant: PublicTenant };

/** The ?tenant_id= of the link, when it is a tenant id at all. */
function tenantIdOfLink(): number | undefined {
  const raw = new URLSearchParams(window.location.search).get('tenant_id') ?? '';
  return /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : undefined;
}

const fields = [
  { name: 'user_name', type: 'text', autoComplete: 'username', required: true },
  { name: 'password', type: 'password', autoComplete: 'new-password', required: true },
  { name: 'confirm_password', type: 'password', autoComplete: 'new-password', required: true },
  { name: 'real_name', type: 'text', autoComplete: 'name', required: false },
  { name: 'email', type: 'email', autoComplete: 'email', required: false },
  { name: 'mobile', type: 'tel', autoComplete: 'tel', required: false },
] as const;

const labelOf = (t: Translate, name: string) => t(name === 'confirm_password' ? 'app.register.confirm_password' : `resources.user.fields.${name}`);

function RegistrationForm({ t, tenant, onDone }: { t: Translate; tenant: PublicTenant; onDone(name: string): void }) {
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // An optional field left empty is not sent.
    const values = Object.fromEntries(fields.map(({ name }) => [name, String(form.get(name) ?? '').trim()]).filter(([, value]) => value !== ''));
    const checked = registrationForm.safeParse(values);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issueField(issue);
        const { key, args } = validationMessage(issue, values[field]);
        found[field] ??= t(key, args);
      }
      setErrors(found);
      setFailure('');
      return;
    }
    const { confirm_password: _typedTwice, ...body } = checked.data;
    setBusy(true);
    try {
      await request('/uc/v1/users/register', { method: 'POST', body: { ...body, tenant_id: tenant.tenant_id }, token: '' });
      onDone(body.user_name);
    } catch (error) {
      // A taken name (409), a rule the server checks: under the field; anything else above the button.
      const answer = error as HttpError;
      const under = (answer.body?.errors ?? {}) as Errors;
      setErrors(under);
      setFailure(Object.keys(under).length > 0 ? '' : answer.message || t('app.register.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      {fields.map(({ name, type, autoComplete, required }) => (
        <div key={name}>
          <label htmlFor={name}>
            {labelOf(t, name)} {!required && <span className="optional">{t('app.register.optional')}</span>}
          </label>
          <input
            id={name}
            name={name}
            type={type}
            autoComplete={autoComplete}
            required={required}
            aria-invalid={Boolean(errors[name])}
            aria-describedby={errors[name] ? `${name}-error` : undefined}
          />
          {errors[name] && (
            <p id={`${name}-error`} className="field-error">
              {errors[name]}
            </p>
          )}
        </div>
      ))}
      {failure && (
        <p role="alert" className="message error">
          {failure}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {t('app.register.submit')}
      </button>
    </form>
  );
}

/**
 * /register?tenant_id=N, the link a tenant hands its learners: names the organisation and makes a
 * learner of it. A page of its own (like the QR confirm page), small enough for a phone on a slow
 * network: no console, no sign-in.
 */
export function RegisterApp() {
  const { locale, t, chooseLocale } = useStandaloneLocale('app.register.title');
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [registered, setRegistered] = useState<string>();

  useEffect(() => {
    const tenantId = tenantIdOfLink();
    if (tenantId === undefined) return setLoaded({ state: 'missing' });
    request<PublicTenant>(`/uc/v1/tenants/${tenantId}/public`, { token: '' }).then(
      ({ data }) => setLoaded({ state: 'ready', tenant: data }),
      (failure: HttpError) => setLoaded({ state: failure.status === 404 ? 'unknown' : 'failed' }),
    );
  }, []);

  let content;
  if (registered)
    content = (
      <div role="status">
        <h2>{t('app.register.done_title')}</h2>
        <p>{t('app.register.done', { name: registered })}</p>
      </div>
    );
  else if (loaded.state === 'loading') content = <p className="muted">{t('app.register.loading')}</p>;
  else if (loaded.state === 'ready')
    content = (
      <>
        <p className="organisation">{t('app.register.joining', { tenant: loaded.tenant.display_name })}</p>
        <RegistrationForm t={t} tenant={loaded.tenant} onDone={setRegistered} />
      </>
    );
  else
    content = (
      <p role="alert" className="message error">
        {t(`app.register.${loaded.state === 'missing' ? 'no_tenant' : loaded.state === 'unknown' ? 'unknown_tenant' : 'load_failed'}`)}
      </p>
    );

  return (
    <StandalonePage title={t('app.register.title')} t={t} locale={locale} onLocale={chooseLocale}>
      {content}
    </StandalonePage>
  );
}
