import { useEffect, useState } from 'preact/hooks';
import { api, get, isOwner, type Role } from '../api.ts';
import { auditChanges } from '../logic.ts';
import {
  Field,
  Loading,
  messageOf,
  Notice,
  PageTitle,
  Pager,
  TableHead,
  TableRegion,
  useLoad,
  useOutcome,
  type PageProps,
} from '../ui.tsx';

interface ApiKey {
  id: string;
  name: string | null;
  scopes: string[];
  createdAt: string;
  lastUsedAt?: string | null;
  revokedAt?: string | null;
}

export function ApiKeysPage(_props: PageProps) {
  const keys = useLoad(() => get<{ data: ApiKey[] }>('/api-keys').then((body) => body.data), []);
  const [name, setName] = useState('');
  const [scope, setScope] = useState('read');
  const [created, setCreated] = useState<string>();
  const { message, attempt } = useOutcome();

  const create = async (event: Event) => {
    event.preventDefault();
    await attempt(async () => {
      const answer = await api<{ data: { id: string; key: string } }>('POST', '/api-keys', {
        name: name.trim() || null,
        scopes: scope === 'admin' ? ['read', 'write', 'admin'] : scope === 'write' ? ['read', 'write'] : ['read'],
      });
      setCreated(answer.data.key);
      setName('');
      keys.reload();
      return undefined;
    });
  };
  const revoke = (key: ApiKey) =>
    attempt(async () => {
      await api('DELETE', `/api-keys/${key.id}`);
      keys.reload();
      return `Key ${key.name ?? key.id} revoked: it is refused from now on.`;
    });

  return (
    <section>
      <PageTitle>API keys</PageTitle>
      <p class="muted">
        Keys let programs use the API (documented at <a href="/docs">/docs</a>). Only a hash is kept: copy a new key
        now, it is not shown again.
      </p>
      {message ? <Notice kind={message.kind}>{message.text}</Notice> : null}
      {created ? (
        <div class="notice notice-success" role="status">
          <p>New key (copy it now):</p>
          <code class="secret">{created}</code>
        </div>
      ) : null}
      <form class="filters" aria-label="New API key" onSubmit={create}>
        <Field id="key-name" label="Name">
          <input
            id="key-name"
            value={name}
            maxLength={100}
            onInput={(event) => setName((event.target as HTMLInputElement).value)}
            placeholder="e.g. bank feed sync"
          />
        </Field>
        <Field id="key-scope" label="May">
          <select
            id="key-scope"
            value={scope}
            onChange={(event) => setScope((event.target as HTMLSelectElement).value)}
          >
            <option value="read">read the books (read)</option>
            <option value="write">read and change the books (read, write)</option>
            <option value="admin">everything, keys and people too (read, write, admin)</option>
          </select>
        </Field>
        <div class="field buttons">
          <button type="submit" class="primary">
            Create key
          </button>
        </div>
      </form>
      {keys.error ? (
        <Notice kind="error">{keys.error}</Notice>
      ) : !keys.data ? (
        <Loading what="keys" />
      ) : (
        <TableRegion label="API keys">
          <table>
            <TableHead columns={['Name', 'Id', 'Scopes', 'Created', 'State', { hidden: 'Actions' }]} />
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id}>
                  <td>{key.name ?? '—'}</td>
                  <td>
                    <code>{key.id}</code>
                  </td>
                  <td>{key.scopes.join(', ')}</td>
                  <td class="nowrap">{key.createdAt.slice(0, 10)}</td>
                  <td>{key.revokedAt ? `revoked ${key.revokedAt.slice(0, 10)}` : 'active'}</td>
                  <td>
                    {key.revokedAt ? null : (
                      <button type="button" onClick={() => revoke(key)} aria-label={`Revoke key ${key.name ?? key.id}`}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}

interface Person {
  id: string;
  email: string;
  role: Role;
  hasPassword: boolean;
  memberSince: string;
}
interface Invitation {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
}
const ROLES: Array<{ role: Role; words: string }> = [
  { role: 'owner', words: 'owner: everything, keys and people' },
  { role: 'bookkeeper', words: 'bookkeeper: review, categorize, upload, rules, obligations' },
  { role: 'viewer', words: 'viewer: reads only' },
];

export function PeoplePage({ session }: PageProps) {
  const people = useLoad(() => get<{ data: Person[] }>('/users').then((body) => body.data), []);
  const invitations = useLoad(() => get<{ data: Invitation[] }>('/invitations').then((body) => body.data), []);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('bookkeeper');
  const { message, setMessage, attempt } = useOutcome();
  const [invitation, setInvitation] = useState<string>();

  const invite = async (event: Event) => {
    event.preventDefault();
    setInvitation(undefined);
    await attempt(async () => {
      const answer = await api<{ data: { acceptUrl: string } }>('POST', '/users', { email: email.trim(), role });
      setInvitation(answer.data.acceptUrl);
      setEmail('');
      invitations.reload();
      return `${email.trim()} is invited as ${role}. When outgoing mail is configured the link is mailed; else send it yourself.`;
    });
  };
  const change = (person: Person, nextRole: Role) =>
    attempt(async () => {
      await api('PATCH', `/users/${person.id}`, { role: nextRole });
      people.reload();
      return `${person.email} is now ${nextRole}.`;
    });
  const remove = (person: Person) =>
    attempt(async () => {
      await api('DELETE', `/users/${person.id}`);
      people.reload();
      return `${person.email} no longer has access.`;
    });

  return (
    <section>
      <PageTitle>People</PageTitle>
      <ul class="muted">
        {ROLES.map((entry) => (
          <li key={entry.role}>{entry.words}</li>
        ))}
      </ul>
      {message ? <Notice kind={message.kind}>{message.text}</Notice> : null}
      {invitation ? (
        <div class="notice notice-success" role="status">
          <p>Their one-time link (valid 7 days):</p>
          <code class="secret">{invitation}</code>
        </div>
      ) : null}
      <form class="filters" aria-label="Invite someone" onSubmit={invite}>
        <Field id="person-email" label="E-mail">
          <input
            id="person-email"
            type="email"
            required
            value={email}
            onInput={(event) => setEmail((event.target as HTMLInputElement).value)}
          />
        </Field>
        <Field id="person-role" label="Role">
          <select
            id="person-role"
            value={role}
            onChange={(event) => setRole((event.target as HTMLSelectElement).value as Role)}
          >
            {ROLES.map((entry) => (
              <option key={entry.role} value={entry.role}>
                {entry.role}
              </option>
            ))}
          </select>
        </Field>
        <div class="field buttons">
          <button type="submit" class="primary">
            Invite
          </button>
        </div>
      </form>
      {people.error ? (
        <Notice kind="error">{people.error}</Notice>
      ) : !people.data ? (
        <Loading what="people" />
      ) : (
        <TableRegion label="People with access">
          <table>
            <TableHead columns={['E-mail', 'Role', { hidden: 'Actions' }]} />
            <tbody>
              {people.data.map((person) => {
                const self = person.email === session.email;
                return (
                  <tr key={person.id}>
                    <td>
                      {person.email}
                      {self ? ' (you)' : ''}
                      {person.hasPassword ? '' : <span class="muted"> (no password yet)</span>}
                    </td>
                    <td>
                      <label class="visually-hidden" for={`role-${person.id}`}>
                        Role of {person.email}
                      </label>
                      <select
                        id={`role-${person.id}`}
                        value={person.role}
                        disabled={self}
                        onChange={(event) => change(person, (event.target as HTMLSelectElement).value as Role)}
                      >
                        {ROLES.map((entry) => (
                          <option key={entry.role} value={entry.role}>
                            {entry.role}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      {self ? null : (
                        <button type="button" onClick={() => remove(person)} aria-label={`Remove ${person.email}`}>
                          Remove
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableRegion>
      )}
      <h2>Open invitations</h2>
      {invitations.error ? (
        <Notice kind="error">{invitations.error}</Notice>
      ) : !invitations.data ? (
        <Loading what="invitations" />
      ) : invitations.data.length === 0 ? (
        <p class="muted">None.</p>
      ) : (
        <TableRegion label="Open invitations">
          <table>
            <TableHead columns={['E-mail', 'Role', 'Expires', { hidden: 'Actions' }]} />
            <tbody>
              {invitations.data.map((open) => (
                <tr key={open.id}>
                  <td>{open.email}</td>
                  <td>{open.role}</td>
                  <td class="nowrap">{open.expiresAt.slice(0, 10)}</td>
                  <td>
                    <button
                      type="button"
                      aria-label={`Revoke the invitation of ${open.email}`}
                      onClick={async () => {
                        try {
                          await api('DELETE', `/invitations/${open.id}`);
                          invitations.reload();
                        } catch (failure) {
                          setMessage({ kind: 'error', text: messageOf(failure) });
                        }
                      }}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}

interface Entity {
  id: string;
  legalName: string;
  entityType: string;
  stateCode: string | null;
  taxIdMasked: string | null;
  fiscalYearEndMonth: number;
  formationDate: string | null;
  salesTaxStates: string[];
  estimatedTaxRatePercent: number | null;
  isPrimary: boolean;
}

export function SettingsPage({ session }: PageProps) {
  const owner = isOwner(session);
  // Settings are an owner's (admin scope); other roles see the profile only.
  const settings = useLoad(
    () =>
      owner
        ? get<{ data: { reviewThreshold: number | null; effectiveReviewThreshold: number } }>('/settings').then(
            (body) => body.data,
          )
        : Promise.resolve(null),
    [],
  );
  const entities = useLoad(() => get<{ data: Entity[] }>('/entities').then((body) => body.data), []);
  const [threshold, setThreshold] = useState('');
  const { message, attempt } = useOutcome();
  const entity = entities.data?.find((candidate) => candidate.isPrimary) ?? entities.data?.[0];
  const [profile, setProfile] = useState({
    legalName: '',
    stateCode: '',
    formationDate: '',
    fiscalYearEndMonth: '12',
    salesTaxStates: '',
  });

  useEffect(() => {
    if (settings.data)
      setThreshold(settings.data.reviewThreshold === null ? '' : String(settings.data.reviewThreshold));
  }, [settings.data]);
  useEffect(() => {
    if (entity)
      setProfile({
        legalName: entity.legalName,
        stateCode: entity.stateCode ?? '',
        formationDate: entity.formationDate ?? '',
        fiscalYearEndMonth: String(entity.fiscalYearEndMonth),
        salesTaxStates: entity.salesTaxStates.join(', '),
      });
  }, [entity?.id]);

  const saveThreshold = async (event: Event) => {
    event.preventDefault();
    await attempt(async () => {
      await api('PATCH', '/settings', { reviewThreshold: threshold === '' ? null : Number(threshold) });
      settings.reload();
      return 'Review threshold saved.';
    });
  };
  const saveProfile = async (event: Event) => {
    event.preventDefault();
    if (!entity) return;
    await attempt(async () => {
      await api('PATCH', `/entities/${entity.id}`, {
        legalName: profile.legalName.trim(),
        ...(profile.stateCode.trim() ? { stateCode: profile.stateCode.trim().toUpperCase() } : {}),
        ...(profile.formationDate ? { formationDate: profile.formationDate } : {}),
        fiscalYearEndMonth: Number(profile.fiscalYearEndMonth),
        salesTaxStates: profile.salesTaxStates
          .split(',')
          .map((state) => state.trim().toUpperCase())
          .filter(Boolean),
      });
      entities.reload();
      return 'Business profile saved; the obligation calendar follows it.';
    });
  };
  const set = (name: keyof typeof profile) => (event: Event) =>
    setProfile({ ...profile, [name]: (event.target as HTMLInputElement).value });

  return (
    <section>
      <PageTitle>Settings</PageTitle>
      {!owner ? <Notice>Only an owner can change settings; you can see them.</Notice> : null}
      {message ? <Notice kind={message.kind}>{message.text}</Notice> : null}
      {owner ? (
        <>
          <h2>Review</h2>
          <form class="filters" aria-label="Review threshold" onSubmit={saveThreshold}>
            <Field
              id="threshold"
              label={`Review rows below this confidence (0–1; empty: the service default${settings.data ? `, now ${settings.data.effectiveReviewThreshold}` : ''})`}
            >
              <input
                id="threshold"
                type="number"
                min="0"
                max="1"
                step="0.0001"
                inputMode="decimal"
                value={threshold}
                onInput={(event) => setThreshold((event.target as HTMLInputElement).value)}
              />
            </Field>
            <div class="field buttons">
              <button type="submit" class="primary">
                Save threshold
              </button>
            </div>
          </form>
          {settings.error ? <Notice kind="error">{settings.error}</Notice> : null}
        </>
      ) : null}
      <h2>Business profile</h2>
      {entities.error ? (
        <Notice kind="error">{entities.error}</Notice>
      ) : !entity ? (
        <Loading what="the profile" />
      ) : (
        <form class="profile" aria-label="Business profile" onSubmit={saveProfile}>
          <fieldset disabled={!owner}>
            <legend class="visually-hidden">Business profile</legend>
            <Field id="entity-name" label="Legal name">
              <input id="entity-name" required value={profile.legalName} onInput={set('legalName')} />
            </Field>
            <p class="muted">
              Entity type {entity.entityType.replace('_', ' ')} · tax id {entity.taxIdMasked ?? 'not on file'}
            </p>
            <Field id="entity-state" label="State of formation (two letters)">
              <input id="entity-state" maxLength={2} value={profile.stateCode} onInput={set('stateCode')} />
            </Field>
            <Field id="entity-formed" label="Formation date">
              <input id="entity-formed" type="date" value={profile.formationDate} onInput={set('formationDate')} />
            </Field>
            <Field id="entity-fye" label="Fiscal year ends in month (1–12)">
              <input
                id="entity-fye"
                type="number"
                min="1"
                max="12"
                value={profile.fiscalYearEndMonth}
                onInput={set('fiscalYearEndMonth')}
              />
            </Field>
            <Field id="entity-sales-tax" label="Sales tax registered in (states, comma separated)">
              <input id="entity-sales-tax" value={profile.salesTaxStates} onInput={set('salesTaxStates')} />
            </Field>
            {owner ? (
              <button type="submit" class="primary">
                Save profile
              </button>
            ) : null}
          </fieldset>
        </form>
      )}
    </section>
  );
}

interface AuditEntry {
  id: number;
  occurredAt: string;
  actor: { type: 'user' | 'api_key'; id: string; label: string | null };
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
}

const AUDIT_PAGE_SIZE = 50;
/** A value longer than this (a list of row ids) is cut, whole in the item's tooltip. */
const AUDIT_VALUE_CHARS = 80;

const shortened = (value: string) =>
  value.length > AUDIT_VALUE_CHARS ? `${value.slice(0, AUDIT_VALUE_CHARS - 1)}…` : value;

/** Who changed what and when (owners): newest first, each change as its fields before → after. */
export function AuditLogPage({ params }: PageProps) {
  const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0);
  const page = useLoad(
    () =>
      get<{ data: AuditEntry[]; meta: { pagination: { nextOffset: number | null } } }>(
        `/audit-log?limit=${AUDIT_PAGE_SIZE}&offset=${offset}`,
      ),
    [offset],
  );
  const go = (nextOffset: number) => {
    location.hash = nextOffset ? `#/audit-log?offset=${nextOffset}` : '#/audit-log';
  };
  return (
    <section>
      <PageTitle>Audit log</PageTitle>
      <p class="muted">Every change made in the app or through the API, by whom, newest first.</p>
      {page.error ? (
        <Notice kind="error">{page.error}</Notice>
      ) : !page.data ? (
        <Loading what="the audit log" />
      ) : page.data.data.length === 0 ? (
        <p>No change has been recorded yet.</p>
      ) : (
        <>
          <TableRegion label="Changes, newest first">
            <table>
              <TableHead columns={['When', 'Who', 'What', 'Before → after']} />
              <tbody>
                {page.data.data.map((entry) => (
                  <tr key={entry.id}>
                    <td class="nowrap">
                      <time dateTime={entry.occurredAt}>{entry.occurredAt.slice(0, 19).replace('T', ' ')} UTC</time>
                    </td>
                    <td>
                      {entry.actor.label ?? entry.actor.id}
                      <span class="muted">{entry.actor.type === 'api_key' ? ' (API key)' : ''}</span>
                    </td>
                    <td>
                      {entry.action.replaceAll('_', ' ')}
                      <span class="muted">
                        {' '}
                        {entry.targetType}
                        {entry.targetId ? ` ${entry.targetId.slice(0, 8)}` : ''}
                      </span>
                    </td>
                    <td>
                      <ul class="changes">
                        {auditChanges(entry.before, entry.after).map((change) => (
                          <li key={change.field} title={`${change.before} → ${change.after}`}>
                            <strong>{change.field}</strong>: {shortened(change.before)} → {shortened(change.after)}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pager
            label="Pages of the audit log"
            offset={offset}
            shown={page.data.data.length}
            pageSize={AUDIT_PAGE_SIZE}
            nextOffset={page.data.meta.pagination.nextOffset}
            go={go}
            words={{ previous: 'Newer', next: 'Older', items: 'Changes' }}
          />
        </>
      )}
    </section>
  );
}
