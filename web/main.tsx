import './app.css';
import { render, type ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import {
  api,
  currentSession,
  isOwner,
  onSessionChange,
  restoreSession,
  signIn,
  signInWithKey,
  signOut,
  type Session,
} from './api.ts';
import { forgetChart, messageOf, Notice, type PageProps } from './ui.tsx';
import { ReviewPage } from './pages/review.tsx';
import { TransactionsPage } from './pages/transactions.tsx';
import { BankAccountsPage } from './pages/bank-accounts.tsx';
import { UploadPage } from './pages/upload.tsx';
import { ReportsPage } from './pages/reports.tsx';
import { ObligationsPage } from './pages/obligations.tsx';
import { HealthPage } from './pages/health.tsx';
import { RulesPage } from './pages/rules.tsx';
import { ApiKeysPage, AuditLogPage, PeoplePage, SettingsPage } from './pages/admin.tsx';

interface Route {
  path: string;
  label: string;
  page: ComponentType<PageProps>;
  ownerOnly?: boolean;
}

const ROUTES: Route[] = [
  { path: 'review', label: 'Review', page: ReviewPage },
  { path: 'transactions', label: 'Transactions', page: TransactionsPage },
  { path: 'bank-accounts', label: 'Bank accounts', page: BankAccountsPage },
  { path: 'upload', label: 'Upload', page: UploadPage },
  { path: 'reports', label: 'Reports', page: ReportsPage },
  { path: 'obligations', label: 'Obligations', page: ObligationsPage },
  { path: 'health', label: 'Health', page: HealthPage },
  { path: 'rules', label: 'Rules', page: RulesPage },
  { path: 'api-keys', label: 'API keys', page: ApiKeysPage, ownerOnly: true },
  { path: 'people', label: 'People', page: PeoplePage, ownerOnly: true },
  { path: 'settings', label: 'Settings', page: SettingsPage },
  { path: 'audit-log', label: 'Audit log', page: AuditLogPage, ownerOnly: true },
];

function parseHash(): { path: string; params: URLSearchParams } {
  const hash = location.hash.replace(/^#\/?/, '');
  const [path, search = ''] = hash.split('?');
  return { path: path || 'review', params: new URLSearchParams(search) };
}

function useHash() {
  const [state, setState] = useState(parseHash);
  useEffect(() => {
    const update = () => setState(parseHash());
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return state;
}

/** The page a mailed link opens: choose a password with the one-time token in the URL fragment. */
function TokenPage({ kind }: { kind: 'reset' | 'invitation' }) {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (password !== repeat) return setError('the two passwords differ');
    setError(undefined);
    try {
      await api('POST', kind === 'reset' ? '/auth/password-reset/confirm' : '/auth/accept-invitation', {
        token,
        password,
      });
      setDone(true);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  const title = kind === 'reset' ? 'Choose a new password' : 'Accept the invitation';
  return (
    <main id="main" class="sign-in">
      <h1>{title}</h1>
      {!token ? <Notice kind="error">This link has no token; open the whole link from the mail again.</Notice> : null}
      {error ? <Notice kind="error">{error}</Notice> : null}
      {done ? (
        <Notice kind="success">
          {kind === 'reset' ? 'Your password is changed.' : 'You have joined.'} <a href="/">Sign in</a>.
        </Notice>
      ) : (
        <form onSubmit={submit} aria-label={title}>
          <div class="field">
            <label for="new-password">New password (at least 10 characters)</label>
            <input
              id="new-password"
              type="password"
              autocomplete="new-password"
              required
              minLength={10}
              value={password}
              onInput={(event) => setPassword((event.target as HTMLInputElement).value)}
            />
          </div>
          <div class="field">
            <label for="repeat-password">The same again</label>
            <input
              id="repeat-password"
              type="password"
              autocomplete="new-password"
              required
              value={repeat}
              onInput={(event) => setRepeat((event.target as HTMLInputElement).value)}
            />
          </div>
          <button type="submit" class="primary" disabled={!token}>
            {kind === 'reset' ? 'Set password' : 'Join'}
          </button>
        </form>
      )}
    </main>
  );
}

function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ kind: 'error' | 'success'; text: string }>();
  return (
    <details class="key-sign-in">
      <summary>Forgot your password?</summary>
      <form
        aria-label="Ask for a password reset link"
        onSubmit={async (event) => {
          event.preventDefault();
          try {
            await api('POST', '/auth/password-reset', { email: email.trim() });
            setState({
              kind: 'success',
              text: 'If this e-mail has an account, a link to choose a new password is on its way (or ask an owner: the command line prints one).',
            });
          } catch (failure) {
            setState({ kind: 'error', text: messageOf(failure) });
          }
        }}
      >
        <div class="field">
          <label for="reset-email">Your e-mail</label>
          <input
            id="reset-email"
            type="email"
            required
            value={email}
            onInput={(event) => setEmail((event.target as HTMLInputElement).value)}
          />
        </div>
        {state ? <Notice kind={state.kind}>{state.text}</Notice> : null}
        <button type="submit">Send me a link</button>
      </form>
    </details>
  );
}

function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [tenantId, setTenantId] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event, withKey: boolean) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      if (withKey) await signInWithKey(apiKey.trim());
      else await signIn(email.trim(), password, tenantId.trim() || undefined);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" class="sign-in">
      <h1>Sign in to your books</h1>
      {error ? <Notice kind="error">{error}</Notice> : null}
      <form onSubmit={(event) => submit(event, false)} aria-label="Sign in with e-mail">
        <div class="field">
          <label for="email">E-mail</label>
          <input
            id="email"
            type="email"
            autocomplete="username"
            required
            value={email}
            onInput={(event) => setEmail((event.target as HTMLInputElement).value)}
          />
        </div>
        <div class="field">
          <label for="password">Password</label>
          <input
            id="password"
            type="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(event) => setPassword((event.target as HTMLInputElement).value)}
          />
        </div>
        <details>
          <summary>Several businesses on this e-mail?</summary>
          <div class="field">
            <label for="tenant">Tenant id</label>
            <input
              id="tenant"
              value={tenantId}
              onInput={(event) => setTenantId((event.target as HTMLInputElement).value)}
            />
          </div>
        </details>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <ForgotPassword />
      <details class="key-sign-in">
        <summary>Sign in with an API key instead</summary>
        <form onSubmit={(event) => submit(event, true)} aria-label="Sign in with an API key">
          <div class="field">
            <label for="api-key">API key</label>
            <input
              id="api-key"
              type="password"
              autocomplete="off"
              required
              value={apiKey}
              onInput={(event) => setApiKey((event.target as HTMLInputElement).value)}
            />
            <small class="muted">Kept for this browser tab only. The key's scopes decide what you may change.</small>
          </div>
          <button type="submit" disabled={busy}>
            Use this key
          </button>
        </form>
      </details>
      <p class="muted">
        The API is documented at <a href="/docs">/docs</a>.
      </p>
    </main>
  );
}

function Shell({ session }: { session: Session }) {
  const { path, params } = useHash();
  const routes = ROUTES.filter((route) => !route.ownerOnly || isOwner(session));
  const route = routes.find((candidate) => candidate.path === path);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    setMenuOpen(false);
    const label = route?.label ?? 'Not found';
    document.title = `${label} · Bookkeeping`;
  }, [path]);

  const Page = route?.page;
  return (
    <>
      <a
        class="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Bookkeeping</span>
        <button
          type="button"
          class="menu-button"
          aria-expanded={menuOpen}
          aria-controls="nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <nav id="nav" aria-label="Pages" class={menuOpen ? 'open' : ''}>
          <ul>
            {routes.map((candidate) => (
              <li key={candidate.path}>
                <a href={`#/${candidate.path}`} aria-current={candidate.path === path ? 'page' : undefined}>
                  {candidate.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          <span class="role" title="Your role">
            {session.email ?? 'API key'} · {session.role}
          </span>
          <button type="button" onClick={() => signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {Page ? (
          <Page key={path} session={session} params={params} />
        ) : (
          <>
            <h1>Not found</h1>
            <p>
              There is no page "{path}" {ROUTES.some((candidate) => candidate.path === path) ? 'for your role' : ''}.{' '}
              <a href="#/review">Go to the review queue</a>.
            </p>
          </>
        )}
      </main>
    </>
  );
}

function App() {
  if (location.pathname === '/reset-password') return <TokenPage kind="reset" />;
  if (location.pathname === '/accept-invitation') return <TokenPage kind="invitation" />;
  return <SignedIn />;
}

function SignedIn() {
  const [session, setSession] = useState<Session | null | undefined>(currentSession() ?? undefined);
  useEffect(() => {
    const stop = onSessionChange((next) => {
      forgetChart();
      setSession(next);
    });
    restoreSession().then(
      (restored) => setSession(restored),
      () => setSession(null),
    );
    return stop;
  }, []);
  if (session === undefined)
    return (
      <p class="boot" role="status">
        Loading…
      </p>
    );
  return session ? <Shell session={session} /> : <SignIn />;
}

render(<App />, document.getElementById('app')!);
