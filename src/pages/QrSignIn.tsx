import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { HttpError } from 'react-admin';
import { QR_LINK_HEADER } from '../../schema/headers';
import type { QrCheckAnswer, QrWaiting } from '../../schema/qr';
import { NoPermissionError } from '../authProvider';
import { request, requestFile } from '../http';
import { phraseWrap } from '../layout/phraseWrap';
import { useSignIn } from './useSignIn';

/** SPEC.md: the console asks every 3 seconds whether its code has been confirmed. */
export const QR_POLL_MS = 3_000;

type Phase =
  | { name: 'loading' }
  | { name: 'waiting'; scanned: boolean }
  | { name: 'signing-in' }
  | { name: 'expired' }
  | { name: 'refused' }
  | { name: 'failed'; message: string };

/**
 * Where a check that handed over no session leaves the code: still waiting (202, scanned or not),
 * refused on the phone (403), expired or spent (404). Anything else (offline, a busy server) is
 * a hiccup: ask again at the next tick.
 */
function phaseAfterCheck(error: HttpError, scanned: boolean): Phase {
  switch (error.status) {
    case 202:
      return { name: 'waiting', scanned: (error.body as Partial<QrWaiting> | undefined)?.data?.status === 'scanned' };
    case 403:
      return { name: 'refused' };
    case 404:
      return { name: 'expired' };
    default:
      return { name: 'waiting', scanned };
  }
}

/**
 * The sign-in page's QR mode: a code bound to this browser, polled until a signed-in phone
 * confirms it (then the session is taken as a password sign-in would), it is refused, or it
 * expires (then a refresh gets a new one). Leaving QR mode or the page stops the polling.
 */
export function QrSignIn() {
  const translate = useTranslate();
  const login = useSignIn();
  const notify = useNotify();
  const [generation, setGeneration] = useState(0);
  const [code, setCode] = useState<{ image: string; link: string }>();
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let image: string | undefined;
    // Forget the old code at once: its link must not stay on screen while the new one loads.
    setCode(undefined);
    setPhase({ name: 'loading' });
    requestFile('/api/v1/auth/qrcode.png').then(
      ({ data, headers }) => {
        if (cancelled) return;
        image = URL.createObjectURL(data);
        setCode({ image, link: headers.get(QR_LINK_HEADER) ?? '' });
        setPhase({ name: 'waiting', scanned: false });
      },
      (error: HttpError) => !cancelled && setPhase({ name: 'failed', message: error.message || 'app.qr.load_failed' }),
    );
    return () => {
      cancelled = true;
      if (image) URL.revokeObjectURL(image);
    };
  }, [generation]);

  useEffect(() => {
    if (phase.name !== 'waiting') return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      let answer: QrCheckAnswer;
      try {
        ({ data: answer } = await request<QrCheckAnswer>('/api/v1/auth/qrcode/check', { method: 'POST' }));
      } catch (error) {
        if (!cancelled) setPhase(phaseAfterCheck(error as HttpError, phase.scanned));
        return;
      }
      if (cancelled) return;
      setPhase({ name: 'signing-in' });
      try {
        await login({ token: answer.token });
        notify('app.auth.login_successful', { type: 'success' });
      } catch (error) {
        // The code is spent: say why, and offer a new one.
        const message = error instanceof NoPermissionError ? 'app.auth.no_permission' : (error as HttpError).message || 'app.auth.login_failed';
        notify(message, { type: 'error' });
        setPhase({ name: 'failed', message });
      }
    }, QR_POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [phase, login, notify]);

  const ended = phase.name === 'expired' || phase.name === 'refused' || phase.name === 'failed';
  const status =
    phase.name === 'expired'
      ? 'app.qr.expired'
      : phase.name === 'refused'
        ? 'app.qr.refused'
        : phase.name === 'failed'
          ? phase.message
          : phase.name === 'waiting' && phase.scanned
            ? 'app.qr.scanned'
            : 'app.qr.hint';

  return (
    <Box sx={{ textAlign: 'center' }} data-testid="qr-sign-in">
      <Box sx={{ position: 'relative', width: 200, height: 200, mx: 'auto' }}>
        {code && phase.name !== 'loading' && (
          <Box component="img" src={code.image} alt={translate('app.qr.image')} sx={{ width: 200, height: 200, opacity: ended ? 0.15 : 1 }} />
        )}
        {(phase.name === 'loading' || phase.name === 'signing-in') && (
          <CircularProgress sx={{ position: 'absolute', top: 80, left: 80 }} size={40} />
        )}
        {ended && (
          <Button
            variant="contained"
            startIcon={<RefreshIcon />}
            onClick={() => setGeneration((value) => value + 1)}
            sx={{ position: 'absolute', top: 82, left: '50%', transform: 'translateX(-50%)' }}
          >
            {translate('app.qr.refresh')}
          </Button>
        )}
      </Box>
      <Typography role="status" variant="body2" color={ended ? 'error' : 'text.secondary'} sx={{ mt: 1.5, ...phraseWrap }}>
        {translate(status)}
      </Typography>
      {code?.link && !ended && (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1, ...phraseWrap }}>
          {translate('app.qr.link_hint')}{' '}
          {/* A link has no words to keep whole: it breaks anywhere. */}
          <Link href={code.link} target="_blank" rel="noreferrer" data-testid="qr-link" sx={{ wordBreak: 'break-all' }}>
            {code.link}
          </Link>
        </Typography>
      )}
    </Box>
  );
}
