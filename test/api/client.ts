export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | number | (string | number)[]>;
}

/** One HTTP call to a test server, the way any client would make it. */
export async function call<T = any>(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(options.query ?? {}))
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** A client bound to one server, optionally signed in. */
export function client(base: string, token?: string) {
  const withToken = (options: CallOptions = {}) => ({ token, ...options });
  return {
    get: <T = any>(path: string, options?: CallOptions) => call<T>(base, 'GET', path, withToken(options)),
    post: <T = any>(path: string, body?: unknown, options?: CallOptions) => call<T>(base, 'POST', path, withToken({ ...options, body })),
    put: <T = any>(path: string, body?: unknown, options?: CallOptions) => call<T>(base, 'PUT', path, withToken({ ...options, body })),
    delete: <T = any>(path: string, options?: CallOptions) => call<T>(base, 'DELETE', path, withToken(options)),
  };
}

export interface SignInOptions {
  /**
   * Sign in through the platform's /api/v1/auth (as the phone app does: learners too) rather than
   * the console's /api/v1/sys/auth.
   */
  platform?: boolean;
}

export async function signIn(base: string, login_name: string, password: string, options: SignInOptions = {}): Promise<string> {
  const path = options.platform ? '/api/v1/auth' : '/api/v1/sys/auth';
  const answer = await call(base, 'POST', path, { body: { login_name, password } });
  if (answer.status !== 200) throw new Error(`sign-in of ${login_name} at ${path} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data.token;
}
