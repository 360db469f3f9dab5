import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { call, type Answer, type CallOptions } from './client';

/** A client that keeps the cookies it is given, as one browser would. */
export function browser(base: string, userAgent = 'test-browser/1.0') {
  const jar = new Map<string, string>();
  const keep = (answer: Answer) => {
    for (const line of answer.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair.split('=');
      const gone = attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (gone) jar.delete(name.trim());
      else jar.set(name.trim(), value.join('='));
    }
    return answer;
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const send = async (method: string, path: string, options: CallOptions = {}) =>
    keep(await call(base, method, path, { ...options, headers: { 'user-agent': userAgent, ...(jar.size ? { cookie: cookieHeader() } : {}), ...options.headers } }));
  return {
    jar,
    send,
    /** Asks for a code and reads it the way a phone's camera would. */
    async qrCode() {
      const url = new URL('/api/v1/auth/qrcode.png', base);
      const response = await fetch(url, { headers: { 'user-agent': userAgent, ...(jar.size ? { cookie: cookieHeader() } : {}) } });
      const image = Buffer.from(await response.arrayBuffer());
      keep({ status: response.status, headers: response.headers, body: undefined });
      if (response.status !== 200) return { response, link: undefined, ticket: undefined };
      const png = PNG.sync.read(image);
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      const link = decoded?.data;
      return { response, link, ticket: link ? new URL(link).searchParams.get('ticket') ?? undefined : undefined };
    },
    check: () => send('POST', '/api/v1/auth/qrcode/check'),
  };
}
