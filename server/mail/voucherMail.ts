import type { Mail } from './mailer';
import { translate, type ServerLocale } from '../messages';

interface VoucherForMail {
  name: string;
  code: string;
  description: string;
  resource_type: string;
  resource: { title: string } | null;
  object_type: string;
  available_number: number;
  expire_at: number;
}

const t = (locale: ServerLocale, key: string, args?: Record<string, string | number>) => translate(locale, `resources.voucher.mail.${key}`, args);

/** The expiry as the reader's calendar says it, naming the zone it is read in. */
export function formatExpiry(expireAt: number, locale: ServerLocale, timeZone: string) {
  const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(expireAt));
  return `${moment} (${timeZone})`;
}

/**
 * The voucher's mail, in the language of whoever sends it: its name, code, what it gives, until
 * when, and how to redeem it. A tenant's administrators are also told to hand the code on.
 */
export function voucherMail(voucher: VoucherForMail, to: string[], locale: ServerLocale, timeZone: string): Mail {
  const title = voucher.resource?.title ?? '';
  const item = voucher.resource_type === 'series' ? t(locale, 'item_series', { title }) : t(locale, 'item_course', { title });
  const lines = [
    t(locale, 'greeting'),
    '',
    t(locale, voucher.object_type === 'tenant' ? 'intro_tenant' : 'intro_user'),
    '',
    t(locale, 'name', { name: voucher.name }),
    t(locale, 'code', { code: voucher.code }),
    t(locale, 'item', { item }),
    t(locale, 'valid_until', { expiry: formatExpiry(voucher.expire_at, locale, timeZone) }),
    ...(voucher.description ? ['', voucher.description] : []),
    '',
    t(locale, 'how_to_redeem', { code: voucher.code }),
    ...(voucher.object_type === 'tenant' ? [t(locale, 'share_tenant', { smart_count: voucher.available_number })] : []),
    '',
    t(locale, 'signature'),
  ];
  return { to, subject: t(locale, 'subject', { name: voucher.name }), text: lines.join('\n') };
}
