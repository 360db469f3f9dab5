import { useEffect, useState, type FormEvent } from 'react';
import type { HttpError } from 'ra-core';
import type { UserInfo } from '../../schema/auth';
import type { QrTicketDetails } from '../../schema/qr';
import type { Translate } from '../../i18n/translate';
import { request } from '../http';
import { StandalonePage, useStandaloneLocale } from '../standalone/StandalonePage';
import { displayName, getToken, getUserInfo } from '../storage';

/** The confirm page keeps its own platform session (a learner may hold one), for this tab only. */
const PAGE_SESSION = 'qrConfirmSession';

/** A ticket nobody can decide any more (a link reopened later): what the page says instead of offering the buttons. */
const closedTicket = {
  confirmed: 'app.qr_confirm.already_confirmed',
  refused: 'app.qr_confirm.already_refused',
  collected: 'app.qr_confirm.already_used',
  expired: 'app.qr_confirm.expired',
} as const;
type ClosedState = keyof typeof closedTicket;
const isClosed = (status: string): status is ClosedState => status in closedTicket;

interface PageSession {
  token: string;
  user: UserInfo;
}

function readSession(): PageSession | undefined {
  const own = sessionStorage.getItem(PAGE_SESSION);
  if (own) return JSON.parse(own) as PageSession;
  // Signed in to the console in this browser already: that session can confirm.
  const token = getToken();
  const user = getUserInfo();
  return token && user ? { token, user } : undefined;
}

function SignIn({ t, onSignedIn }: { t: Translate; onSignedIn(session: PageSession): void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const login_name = String(form.get('login_name') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!login_name || !password) return setError(t(login_name ? 'app.auth.password_required' : 'app.auth.login_name_required'));
    setBusy(true);
    try {
      const { data } = await request<{ token: string; user_info: UserInfo }>('/api/v1/auth', { method: 'POST', body: { login_name, password }, token: '' });
      const session = { token: data.token, user: data.user_info };
      sessionStorage.setItem(PAGE_SESSION, JSON.stringify(session));
      onSignedIn(session);
    } catch (failure) {
      setError((failure as HttpError).message || t('app.auth.login_failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <p className="muted">{t('app.qr_confirm.sign_in_hint')}</p>
      <label htmlFor="login_name">{t('app.auth.login_name')}</label>
      <input id="login_name" name="login_name" autoComplete="username" />
      <label htmlFor="password">{t('app.auth.password')}</label>
      <input id="password" name="password" type="password" autoComplete="current-password" />
      {error && (
        <p role="alert" className="message error">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {t('app.auth.sign_in')}
      </button>
    </form>
  );
}

/**
 * /qr/confirm?ticket=T, the page a console's QR code leads to: sign in to the platform, see which
 * console asks (its address, browser and time), then confirm or refuse.
 */
export function ConfirmApp() {
  const { locale, t, chooseLocale } = useStandaloneLocale('app.qr_confirm.title');
  const ticket = new URLSearchParams(window.location.search).get('ticket');
  const [session, setSession] = useState<PageSession | undefined>(readSession);
  const [details, setDetails] = useState<QrTicketDetails>();
  const [outcome, setOutcome] = useState<'confirmed' | 'refused'>();
  const [closed, setClosed] = useState<ClosedState>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!session || !ticket) return;
    request<QrTicketDetails>('/api/v1/auth/qrcode/ticket', { query: { ticket }, token: session.token }).then(
      ({ data }) => (isClosed(data.status) ? setClosed(data.status) : setDetails(data)),
      (failure: HttpError) => {
        if (failure.status === 401) return signOut();
        if (failure.status === 404) return setClosed('expired');
        setError(failure.message || t('app.qr_confirm.failed'));
      },
    );
    // The ticket and session decide what to load; the language does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session, ticket]);

  const signOut = () => {
    sessionStorage.removeItem(PAGE_SESSION);
    setSession(undefined);
    setDetails(undefined);
    setClosed(undefined);
    setError('');
  };

  const decide = async (refuse: boolean) => {
    setBusy(true);
    try {
      const { data } = await request<{ status: 'confirmed' | 'refused' }>('/api/v1/auth/qrcode/confirm', {
        method: 'POST',
        body: { ticket, refuse },
        token: session!.token,
      });
      setOutcome(data.status);
    } catch (failure) {
      // Expired while the page was open.
      if ((failure as HttpError).status === 404) return setClosed('expired');
      setError((failure as HttpError).message || t('app.qr_confirm.failed'));
    } finally {
      setBusy(false);
    }
  };

  const when = (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(ms);

  let content;
  if (!ticket) content = <p className="message error">{t('app.qr_confirm.no_ticket')}</p>;
  else if (!session) content = <SignIn t={t} onSignedIn={setSession} />;
  else if (outcome) content = <p role="status" className="message">{t(`app.qr_confirm.${outcome}`)}</p>;
  else if (closed) content = <p role="status" className="message">{t(closedTicket[closed])}</p>;
  else if (error) content = <p role="alert" className="message error">{error}</p>;
  else if (!details) content = <p className="muted">…</p>;
  else
    content = (
      <>
        <p>{t('app.qr_confirm.asking', { console: details.console_url })}</p>
        <dl>
          <dt>{t('app.qr_confirm.browser')}</dt>
          <dd>{details.requester_user_agent || '—'}</dd>
          <dt>{t('app.qr_confirm.address')}</dt>
          <dd>{details.requester_ip || '—'}</dd>
          <dt>{t('app.qr_confirm.requested_at')}</dt>
          <dd>{when(details.created_at)}</dd>
          <dt>{t('app.qr_confirm.valid_until')}</dt>
          <dd>{when(details.expires_at)}</dd>
        </dl>
        <button type="button" disabled={busy} onClick={() => decide(false)}>
          {t('app.qr_confirm.confirm')}
        </button>
        <button type="button" className="secondary" disabled={busy} onClick={() => decide(true)}>
          {t('app.qr_confirm.refuse')}
        </button>
      </>
    );

  return (
    <StandalonePage title={t('app.qr_confirm.title')} t={t} locale={locale} onLocale={chooseLocale}>
      {content}
      {session && !outcome && (
        <>
          <p className="muted">{t('app.qr_confirm.signed_in_as', { name: displayName(session.user) || t('app.user.manager') })}</p>
          <button type="button" className="link" onClick={signOut}>
            {t('app.qr_confirm.other_account')}
          </button>
        </>
      )}
    </StandalonePage>
  );
}
