/**
 * The app's one way to the API. A signed-in person holds a session cookie (HttpOnly, set by
 * POST /v1/auth/login) and sends its CSRF token with every request that changes something; a developer
 * may instead sign in with an API key, kept for this tab only and sent as a Bearer header.
 */

export type Role = 'owner' | 'bookkeeper' | 'viewer';

export interface Session {
  email: string | null;
  userId: string | null;
  tenantId: string | null;
  role: Role;
  csrfToken: string | null;
  /** Set when signed in with an API key instead of a password. */
  apiKey: string | null;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly reason: string,
  ) {
    super(reason || error);
  }
}

const KEY_STORAGE = 'bookkeeping.apiKey';
let session: Session | null = null;
const listeners = new Set<(session: Session | null) => void>();

export function currentSession(): Session | null {
  return session;
}

export function onSessionChange(listener: (session: Session | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setSession(next: Session | null) {
  session = next;
  for (const listener of listeners) listener(next);
}

export const canChange = (s: Session | null) => s !== null && s.role !== 'viewer';
export const isOwner = (s: Session | null) => s !== null && s.role === 'owner';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RequestOptions {
  accept?: string;
  /** A body already encoded (FormData); sent as is. */
  raw?: BodyInit;
  signal?: AbortSignal;
}

function headersFor(method: string, options: RequestOptions, hasJsonBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
  if (hasJsonBody) headers['content-type'] = 'application/json';
  if (session?.apiKey) headers.authorization = `Bearer ${session.apiKey}`;
  else if (session?.csrfToken && method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = session.csrfToken;
  return headers;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: { error?: string; reason?: string } = {};
  try {
    body = await response.json();
  } catch {
    body = {};
  }
  return new ApiError(response.status, body.error ?? `http_${response.status}`, body.reason ?? response.statusText);
}

/** Raw call under /v1. A 429 is waited out (up to three times, each at most 20 s) since reports share a small budget. */
export async function call(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`/v1${path}`, {
      method,
      credentials: 'same-origin',
      headers: headersFor(method, options, body !== undefined && options.raw === undefined),
      body: options.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: options.signal,
    });
    if (response.status === 429 && attempt < 3) {
      const waitSeconds = Math.min(20, Number(response.headers.get('retry-after')) || 1);
      await sleep(waitSeconds * 1000);
      continue;
    }
    if (response.status === 401 && session && !path.startsWith('/auth/')) {
      // The session ended (expired or signed out elsewhere): back to the sign-in page.
      setSession(null);
    }
    if (!response.ok) throw await errorFrom(response);
    return response;
  }
}

export async function api<T = any>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await call(method, path, body, options);
  if (response.status === 204) return undefined as T;
  return response.json() as Promise<T>;
}

export const get = <T = any>(path: string, options?: RequestOptions) => api<T>('GET', path, undefined, options);

export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

interface SessionBody {
  data: { user: { id: string; email: string }; tenantId: string; role: Role; csrfToken: string };
}

function fromSessionBody(body: SessionBody): Session {
  return {
    email: body.data.user.email,
    userId: body.data.user.id,
    tenantId: body.data.tenantId,
    role: body.data.role,
    csrfToken: body.data.csrfToken,
    apiKey: null,
  };
}

export async function signIn(email: string, password: string, tenantId?: string): Promise<Session> {
  const body = await api<SessionBody>('POST', '/auth/login', { email, password, ...(tenantId ? { tenantId } : {}) });
  const next = fromSessionBody(body);
  setSession(next);
  return next;
}

/** An API key stands in for a person: its scopes decide what it may do, so the app offers what a bookkeeper could. */
export async function signInWithKey(apiKey: string): Promise<Session> {
  const response = await fetch('/v1/entities', {
    headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
  });
  if (!response.ok) throw await errorFrom(response);
  sessionStorage.setItem(KEY_STORAGE, apiKey);
  const next: Session = { email: null, userId: null, tenantId: null, role: 'bookkeeper', csrfToken: null, apiKey };
  setSession(next);
  return next;
}

export async function restoreSession(): Promise<Session | null> {
  const apiKey = sessionStorage.getItem(KEY_STORAGE);
  if (apiKey) {
    try {
      return await signInWithKey(apiKey);
    } catch {
      sessionStorage.removeItem(KEY_STORAGE);
    }
  }
  const response = await fetch('/v1/auth/session', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) return null;
  const next = fromSessionBody(await response.json());
  setSession(next);
  return next;
}

export async function signOut(): Promise<void> {
  const wasKey = session?.apiKey;
  sessionStorage.removeItem(KEY_STORAGE);
  if (!wasKey) {
    try {
      await call('POST', '/auth/logout', {});
    } catch {
      // Already signed out on the server; the page forgets the session either way.
    }
  }
  setSession(null);
}

/** Asks the server for a CSV and hands it to the browser as a download. */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const response = await call('GET', path, undefined, { accept: 'text/csv' });
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/csv'))
    throw new ApiError(406, 'not_csv', 'the server did not answer with CSV for this report');
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${fallbackName}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
