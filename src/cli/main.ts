import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { ConfigError, loadConfig } from '../config/config.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { DomainError, notFound } from '../errors.ts';
import { ACCEPTED_DATE_REASON, isAcceptedDate } from '../shared/dates.ts';
import { INDUSTRIES, type EntityProfileInput } from '../tenancy/entity-profile.ts';

// Each command loads the modules it needs when it runs (below, `await import(...)`): the service's
// whole graph takes seconds to load, and `key list` should not wait for the Plaid client, the
// statement readers and the HTTP server.
const serverModule = () => import('../server.ts');
const tenantsModule = () => import('../tenancy/tenants.ts');
const apiKeysModule = () => import('../tenancy/api-keys.ts');
const obligationsModule = () => import('../compliance/obligations.ts');
const usersModule = () => import('../people/users.ts');
const connectionsModule = () => import('../intake/feeds/connections.ts');
const feedRuntimeOf = async (config = loadConfig()) =>
  (await import('../intake/feeds/services.ts')).feedRuntime(config.feeds);

/**
 * The admin command line. Every command prints one JSON object on stdout; errors go to stderr as
 * `{error, reason}` with a non-zero exit.
 */
function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<void> {
  const { openMigratedDatabase } = await import('../db/connection.ts');
  const handle = await openMigratedDatabase(loadConfig());
  try {
    printJson(await work(handle));
  } finally {
    await handle.close();
  }
}

function parseMonth(value: string): number {
  const month = Number(value);
  if (!Number.isInteger(month) || month < 1 || month > 12)
    throw new InvalidArgumentError('a month number from 1 to 12');
  return month;
}

function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new InvalidArgumentError('an integer from 1 to 500');
  return limit;
}

function parseOffset(value: string): number {
  const offset = Number(value);
  if (!Number.isInteger(offset) || offset < 0) throw new InvalidArgumentError('an integer >= 0');
  return offset;
}

function parseDateOption(value: string | undefined): string | undefined {
  if (value !== undefined && !isAcceptedDate(value))
    throw new DomainError('invalid_request', `from: ${ACCEPTED_DATE_REASON}`);
  return value;
}

function profileOptions(command: Command): Command {
  return command
    .option('--country <code>', 'country of the entity (US)', 'US')
    .option('--entity-type <type>', 'sole_prop | llc | partnership | s_corp | c_corp', 'llc')
    .option('--state <code>', 'state of formation, e.g. DE')
    .option('--tax-id <id>', 'EIN, SSN or ITIN')
    .option('--tax-id-type <type>', 'ein | ssn | itin (default: ssn for a sole_prop, else ein)')
    .option(
      '--regime <regime>',
      'federal tax classification: sole_proprietor | partnership | s_corporation | c_corporation (default from the entity type)',
    )
    .option('--fiscal-year-end <month>', 'month the fiscal year ends, 1-12', parseMonth, 12)
    .option('--sales-tax-states <codes>', 'states the entity collects sales tax in, comma-separated, e.g. CA,TX')
    .option(
      '--sales-tax-frequency <frequency>',
      'monthly | quarterly | annual, as the states assigned (default quarterly)',
    )
    .option('--formed-on <date>', 'date of formation, YYYY-MM-DD (annual reports fall in its month)')
    .option(
      '--estimate-taxes [percent]',
      'estimate estimated-tax installments from the books at this rate (default: 21 for a C corporation, else 25)',
    )
    .option('--industry <industry>', `line of business, for categorization: ${INDUSTRIES.join(' | ')}`);
}

function profileFrom(options: Record<string, string | number | undefined>): EntityProfileInput {
  return {
    legalName: String(options.name ?? ''),
    country: options.country as string | undefined,
    entityType: options.entityType as string | undefined,
    stateCode: options.state as string | undefined,
    taxId: options.taxId as string | undefined,
    taxIdType: options.taxIdType as string | undefined,
    regime: options.regime as string | undefined,
    fiscalYearEndMonth: options.fiscalYearEnd as number | undefined,
    ...complianceOptionsFrom(options),
  };
}

function complianceOptionsFrom(
  options: Record<string, string | number | boolean | undefined>,
): Partial<EntityProfileInput> {
  const rate = options.estimateTaxes;
  return {
    salesTaxStates: typeof options.salesTaxStates === 'string' ? options.salesTaxStates.split(',') : undefined,
    salesTaxFrequency: options.salesTaxFrequency as string | undefined,
    formationDate: options.formedOn as string | undefined,
    estimatedTaxRatePercent:
      rate === undefined ? undefined : rate === true ? 'default' : rate === false ? null : Number(rate),
    industry: options.industry === undefined ? undefined : options.industry === '' ? null : String(options.industry),
  };
}

const program = new Command('bookkeeping')
  .description('Admin command line of the bookkeeping service (uses DATABASE_URL, default file:./data/bookkeeping.db)')
  .exitOverride()
  // Usage errors are printed as `{error, reason}` JSON below, like every other failure (stderr carries
  // nothing else); help asked for with --help is text on stdout.
  .configureOutput({ writeErr: () => {}, outputError: () => {} });

const tenant = program.command('tenant').description('tenants');
profileOptions(
  tenant
    .command('create')
    .description('create a tenant, its primary entity and its chart of accounts')
    .requiredOption('--name <name>', 'legal name'),
).action((options) =>
  withDatabase(async (handle) => (await tenantsModule()).createTenant(handle, profileFrom(options))),
);

tenant
  .command('settings')
  .description("set a tenant's categorization settings")
  .requiredOption('--tenant <id>', 'tenant id')
  .requiredOption(
    '--review-threshold <value>',
    'confidence (0-1) below which categorized rows need review, or "default"',
  )
  .action((options) =>
    withDatabase(async (handle) =>
      (await import('../tenancy/tenant-settings.ts')).setReviewThreshold(
        handle,
        options.tenant,
        options.reviewThreshold === 'default' ? null : Number(options.reviewThreshold),
      ),
    ),
  );

tenant
  .command('inbox')
  .description("the tenant's statement inbox address: mail attachments sent to it become statement uploads")
  .requiredOption('--tenant <id>', 'tenant id')
  .action((options) =>
    withDatabase(async (handle) =>
      (await import('../intake/statements/inbox.ts')).inboxAddress(handle, options.tenant, loadConfig().inboxDomain),
    ),
  );

program
  .command('uploads')
  .description("a tenant's statement uploads (API and e-mail), newest first, with their status")
  .requiredOption('--tenant <id>', 'tenant id')
  .action((options) =>
    withDatabase(async (handle) => ({
      uploads: await (await import('../intake/statements/uploads.ts')).listUploads(handle, options.tenant),
    })),
  );

const entity = program.command('entity').description('legal entities');
profileOptions(
  entity
    .command('add')
    .description('add a legal entity (with its own chart) to a tenant')
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--name <name>', 'legal name'),
).action((options) =>
  withDatabase(async (handle) => (await tenantsModule()).addEntity(handle, options.tenant, profileFrom(options))),
);

entity
  .command('update')
  .description("change an entity's profile (only the options given); its obligation calendar regenerates")
  .argument('[entityId]', 'entity id (or --entity)')
  .requiredOption('--tenant <id>', 'tenant id')
  .option('--entity <id>', 'entity id (the same as the positional argument)')
  .option('--name <name>', 'legal name')
  .option('--entity-type <type>', 'sole_prop | llc | partnership | s_corp | c_corp')
  .option('--state <code>', 'state of formation, e.g. DE')
  .option('--regime <regime>', 'sole_proprietor | partnership | s_corporation | c_corporation')
  .option('--fiscal-year-end <month>', 'month the fiscal year ends, 1-12', parseMonth)
  .option('--sales-tax-states <codes>', 'states the entity collects sales tax in, comma-separated ("" for none)')
  .option('--sales-tax-frequency <frequency>', 'monthly | quarterly | annual')
  .option('--formed-on <date>', 'date of formation, YYYY-MM-DD')
  .option(
    '--estimate-taxes [percent]',
    'estimate estimated-tax installments from the books at this rate (default by regime)',
  )
  .option('--no-estimate-taxes', 'stop estimating: estimated-tax rows show 0 again')
  .option('--industry <industry>', `line of business, for categorization: ${INDUSTRIES.join(' | ')} ("" to clear)`)
  .action((positionalId: string | undefined, options) =>
    withDatabase(async (handle) => {
      const { syncObligationsIn } = await obligationsModule();
      return (await tenantsModule()).updateEntityProfile(
        handle,
        options.tenant,
        entityToUpdate(positionalId, options.entity),
        {
          legalName: options.name,
          entityType: options.entityType,
          stateCode: options.state,
          regime: options.regime,
          fiscalYearEndMonth: options.fiscalYearEnd,
          ...complianceOptionsFrom(options),
        },
        (trx, row) =>
          syncObligationsIn(trx, options.tenant, row, new Date().toISOString().slice(0, 10), new Date().toISOString()),
      );
    }),
  );

/** `entity update --entity ID` (as `obligation list --entity`) or the positional id; both must agree. */
function entityToUpdate(positionalId: string | undefined, optionId: string | undefined): string {
  if (positionalId && optionId && positionalId !== optionId)
    throw new DomainError(
      'invalid_request',
      `entity: the positional id ${positionalId} and --entity ${optionId} differ; give one`,
    );
  const entityId = optionId ?? positionalId;
  if (!entityId) throw new DomainError('invalid_request', 'entity: give the entity id with --entity <id>');
  return entityId;
}

const obligation = program.command('obligation').description('the obligation calendar');
obligation
  .command('list')
  .description("an entity's obligations, deadline ascending (regenerated first)")
  .requiredOption('--tenant <id>', 'tenant id')
  .option('--entity <id>', 'entity id (default: the primary entity)')
  .option('--status <list>', 'comma-separated: upcoming,payment_pending,confirmed,filed')
  .option('--from <date>', 'deadline on or after this date')
  .option('--limit <n>', 'rows, 1-500', parseLimit, 100)
  .option('--offset <n>', 'rows to skip', parseOffset, 0)
  .action((options) =>
    withDatabase(async (handle) => {
      const { obligationCalendar, parseStatuses } = await obligationsModule();
      return obligationCalendar(
        handle,
        options.tenant,
        {
          entityId: options.entity,
          statuses: parseStatuses(options.status),
          from: parseDateOption(options.from),
          limit: options.limit,
          offset: options.offset,
        },
        new Date(),
      );
    }),
  );
obligation
  .command('confirm')
  .description('the owner confirms the obligation applies: upcoming/payment_pending → confirmed')
  .argument('<obligationId>', 'obligation id (from obligation list or GET /obligations)')
  .option('--tenant <id>', "refuse unless the obligation is this tenant's")
  .action((obligationId: string, options) =>
    withDatabase(async (handle) =>
      (await obligationsModule()).confirmObligation(handle, obligationId, new Date(), options.tenant),
    ),
  );
obligation
  .command('file')
  .description('mark the obligation filed (and paid): any status → filed')
  .argument('<obligationId>', 'obligation id (from obligation list or GET /obligations)')
  .option('--tenant <id>', "refuse unless the obligation is this tenant's")
  .action((obligationId: string, options) =>
    withDatabase(async (handle) =>
      (await obligationsModule()).fileObligation(handle, obligationId, new Date(), options.tenant),
    ),
  );

const key = program.command('key').description('API keys');
key
  .command('create')
  .description('create an API key; the secret is shown once')
  .requiredOption('--tenant <id>', 'tenant id')
  .requiredOption('--scopes <list>', 'comma-separated: read,write')
  .option('--name <label>', 'a label to recognise the key by')
  .action((options) =>
    withDatabase(async (handle) => {
      const { createApiKey, parseScopes } = await apiKeysModule();
      return createApiKey(handle, options.tenant, parseScopes(options.scopes), options.name ?? null);
    }),
  );
key
  .command('list')
  .description("list a tenant's keys (never their secrets)")
  .requiredOption('--tenant <id>', 'tenant id')
  .action((options) =>
    withDatabase(async (handle) => ({ keys: await (await apiKeysModule()).listApiKeys(handle, options.tenant) })),
  );
key
  .command('revoke')
  .description('revoke a key; requests with it get 401 from then on')
  .argument('<keyId>', 'the key id shown by key create / key list')
  .action((keyId: string) => withDatabase(async (handle) => (await apiKeysModule()).revokeApiKey(handle, keyId)));

/** The password from standard input (a pipe, or typed and ended with Ctrl-D), without its final line break. */
async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('password (end with Enter, then Ctrl-D): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

const user = program.command('user').description('people who sign in to the app, and their roles per tenant');
user
  .command('add')
  .description('add a person to a tenant with a role (a new account, or an existing one from another tenant)')
  .requiredOption('--tenant <id>', 'tenant id')
  .requiredOption('--email <email>', 'their e-mail (the sign-in name)')
  .requiredOption('--role <role>', 'owner | bookkeeper | viewer')
  .option('--password <password>', 'their password (else read from standard input; an existing account keeps its own)')
  .action(async (options) => {
    const password = options.password ?? (await passwordFromStdin());
    await withDatabase(async (handle) =>
      (await usersModule()).addMember(handle, options.tenant, { email: options.email, role: options.role, password }),
    );
  });
user
  .command('list')
  .description("a tenant's people and roles")
  .requiredOption('--tenant <id>', 'tenant id')
  .action((options) =>
    withDatabase(async (handle) => ({ users: await (await usersModule()).listMembers(handle, options.tenant) })),
  );
user
  .command('role')
  .description("change a person's role (never the last owner's)")
  .requiredOption('--tenant <id>', 'tenant id')
  .requiredOption('--email <email>', 'their e-mail')
  .requiredOption('--role <role>', 'owner | bookkeeper | viewer')
  .action((options) =>
    withDatabase(async (handle) => {
      const { changeRole, findMemberByEmail } = await usersModule();
      return changeRole(
        handle,
        options.tenant,
        (await findMemberByEmail(handle, options.tenant, options.email)).id,
        options.role,
      );
    }),
  );
user
  .command('remove')
  .description('remove a person from a tenant (never the last owner); their sessions there end')
  .requiredOption('--tenant <id>', 'tenant id')
  .requiredOption('--email <email>', 'their e-mail')
  .action((options) =>
    withDatabase(async (handle) => {
      const { removeMember, findMemberByEmail } = await usersModule();
      return removeMember(handle, options.tenant, (await findMemberByEmail(handle, options.tenant, options.email)).id);
    }),
  );
user
  .command('reset-password')
  .description('print a one-time password-reset link (valid one hour) for a person')
  .requiredOption('--email <email>', 'their e-mail')
  .action((options) =>
    withDatabase(async (handle) => {
      const reset = await (await usersModule()).createPasswordReset(handle, options.email);
      if (!reset) throw notFound(`user ${options.email}`);
      return {
        email: reset.email,
        token: reset.token,
        link: (await import('../people/mailer.ts')).resetLink(loadConfig().appUrl, reset.token),
        expiresAt: reset.expiresAt,
      };
    }),
  );

const connection = program.command('connection').description('connected bank feeds (SimpleFIN, Plaid)');
connection
  .command('add')
  .description('connect a bank feed: redeems the token once and queues the first sync')
  .requiredOption('--tenant <id>', 'tenant id')
  .requiredOption('--provider <name>', 'simplefin | plaid')
  .option('--setup-token <token>', 'simplefin: the setup token from SimpleFIN Bridge')
  .option('--public-token <token>', 'plaid: the public token Link returned')
  .option('--entity <id>', 'entity id (default: the primary entity)')
  .action((options) =>
    withDatabase(async (handle) =>
      (await connectionsModule()).createConnection(handle, await feedRuntimeOf(), options.tenant, {
        provider: options.provider,
        setupToken: options.setupToken,
        publicToken: options.publicToken,
        entityId: options.entity,
      }),
    ),
  );
connection
  .command('list')
  .description("a tenant's connections with their status, schedule and accounts (never their secrets)")
  .requiredOption('--tenant <id>', 'tenant id')
  .action((options) =>
    withDatabase(async (handle) => ({
      connections: await (await connectionsModule()).listConnectionViews(handle, options.tenant),
    })),
  );
connection
  .command('sync')
  .description('sync a connection now, in this process, and print it afterwards')
  .argument('<connectionId>', 'connection id (from connection list)')
  .requiredOption('--tenant <id>', 'tenant id')
  .action((connectionId: string, options) =>
    withDatabase(async (handle) => {
      const { requestSync, connectionView } = await connectionsModule();
      const { syncDueConnections } = await import('../intake/feeds/sync.ts');
      const feeds = await feedRuntimeOf();
      await requestSync(handle, feeds, options.tenant, connectionId);
      const [outcome] = await syncDueConnections(handle, feeds, {
        limit: 1,
        only: { tenantId: options.tenant, id: connectionId },
      });
      if (!outcome)
        throw new DomainError(
          'conflict',
          `connection ${connectionId} is being synced by a worker now; see connection list`,
        );
      return { outcome, connection: await connectionView(handle, options.tenant, connectionId) };
    }),
  );
connection
  .command('remove')
  .description('disconnect: the connection and its secret go, its accounts and rows stay')
  .argument('<connectionId>', 'connection id (from connection list)')
  .requiredOption('--tenant <id>', 'tenant id')
  .action((connectionId: string, options) =>
    withDatabase(async (handle) => {
      await (await connectionsModule()).removeConnection(handle, options.tenant, connectionId);
      return { id: connectionId, removed: true };
    }),
  );

program
  .command('serve')
  .description(
    'run the HTTP API and the statement inbox (SMTP_PORT) and, unless --no-worker, the sweep and statement reading in the same process',
  )
  .option('--no-worker', 'do not run the sweep in this process')
  .action(async (options: { worker: boolean }) => {
    const service = await (await serverModule()).startService(loadConfig(), { withWorker: options.worker });
    printJson({ listening: service.url, database: service.handle.dialect, worker: options.worker });
    stopOnSignal(() => service.stop());
  });

program
  .command('worker')
  .description(
    'run the asynchronous sweep, statement reading and bank-feed sync alone (beside API processes on PostgreSQL)',
  )
  .action(async () => {
    const config = loadConfig();
    const { openMigratedDatabase } = await import('../db/connection.ts');
    const { startBackgroundWork } = await import('../background/workers.ts');
    const { createLogger } = await import('../shared/logger.ts');
    const handle = await openMigratedDatabase(config);
    const work = await startBackgroundWork(handle, config, createLogger(config.logLevel));
    printJson({ worker: 'running', database: handle.dialect });
    stopOnSignal(async () => {
      await work.stop();
      await handle.close();
    });
  });

function stopOnSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = () => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      (error) => {
        process.stderr.write(`${JSON.stringify({ error: 'internal_error', reason: String(error) })}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version are not failures; commander has already printed what it had to say.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') {
      process.exitCode = 0;
    } else {
      // A usage error (unknown option or command, missing argument): the same JSON as any failure.
      const reason =
        error.code === 'commander.help' || error.code === 'commander.executeSubCommandAsync'
          ? `a subcommand is missing; see bookkeeping ${process.argv
              .slice(2)
              .filter((arg) => !arg.startsWith('-'))
              .join(' ')} --help`.replace(/\s+--help/, ' --help')
          : `${error.message.replace(/^error: /, '')} (see bookkeeping --help)`;
      process.stderr.write(`${JSON.stringify({ error: 'invalid_usage', reason })}\n`);
      process.exitCode = 2;
    }
  } else if (error instanceof DomainError) {
    process.stderr.write(`${JSON.stringify({ error: error.code, reason: error.reason })}\n`);
    process.exitCode = 1;
  } else if (error instanceof Error && error.name === 'PortInUseError') {
    process.stderr.write(`${JSON.stringify({ error: 'port_in_use', reason: error.message })}\n`);
    // The statement readers were already warming in worker threads; there is nothing to wait for.
    process.exit(1);
  } else if (error instanceof ConfigError) {
    process.stderr.write(`${JSON.stringify({ error: 'invalid_configuration', reason: error.message })}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(
      `${JSON.stringify({ error: 'internal_error', reason: error instanceof Error ? error.message : String(error) })}\n`,
    );
    process.exitCode = 1;
  }
}
