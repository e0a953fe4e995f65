import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../../src/db/connection.ts';
import type { BankConnectionsTable } from '../../src/db/schema.ts';
import type { FeedServices } from '../../src/intake/feeds/connections.ts';
import { FeedError, type FeedChanges, type FeedProvider, type SyncRequest } from '../../src/intake/feeds/provider.ts';
import { SecretBox } from '../../src/intake/feeds/secrets.ts';
import { syncDueConnections } from '../../src/intake/feeds/sync.ts';
import { newId } from '../../src/shared/ids.ts';
import { createTenant } from '../../src/tenancy/tenants.ts';

/**
 * A simulated stretch of days for many connections synced by several workers, each with its own
 * database pool, on a virtual clock advanced step by step (each step runs every worker until none
 * finds a connection due). A provider stands in for the bank: it fails now and then, takes a little
 * real time (so workers interleave), and records when each connection's sync starts and ends. What
 * must hold: no connection is ever synced by two workers at once, and none goes longer between two
 * syncs (or attempts, after a failure) than the interval plus its jitter plus one step.
 */
export interface ScheduleSimulation {
  connections: number;
  days: number;
  workers: DatabaseHandle[];
  stepMs: number;
  intervalMs: number;
  failureRate: number;
  /** Seeded so a run can be replayed. */
  seed: number;
}

export interface ScheduleReport {
  syncs: number;
  failures: number;
  overlaps: string[];
  missed: string[];
  maxGapMs: number;
  wallMs: number;
}

function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function simulateSchedule(options: ScheduleSimulation): Promise<ScheduleReport> {
  const [first] = options.workers;
  const random = lcg(options.seed);
  const start = new Date('2026-03-01T00:00:00Z').getTime();
  let nowMs = start;
  const secrets = new SecretBox(randomBytes(32));
  const active = new Map<string, number>();
  const attempts = new Map<string, number[]>();
  const overlaps: string[] = [];
  let failures = 0;

  const provider: FeedProvider = {
    name: 'simplefin',
    async connect() {
      throw new Error('not used');
    },
    async sync(request: SyncRequest): Promise<FeedChanges> {
      const id = request.secret;
      const running = (active.get(id) ?? 0) + 1;
      active.set(id, running);
      if (running > 1) overlaps.push(`${id} synced by ${running} workers at ${new Date(nowMs).toISOString()}`);
      (attempts.get(id) ?? attempts.set(id, []).get(id)!).push(nowMs);
      await new Promise((resolve) => setTimeout(resolve, random() < 0.5 ? 0 : 1));
      if (random() < options.failureRate) {
        failures++;
        throw new FeedError(random() < 0.5 ? 'rate_limited' : 'transient', 'simulated provider fault');
      }
      return { accounts: [], added: [], modified: [], removed: [], window: null, cursor: `c${nowMs}`, warnings: [] };
    },
  };
  const services: FeedServices = {
    providers: { simplefin: provider, plaid: null },
    secrets,
    settings: {
      syncIntervalMs: options.intervalMs,
      jitterRatio: 0.1,
      retryBaseMs: options.stepMs,
      leaseMs: 10 * 60_000,
    },
    random,
  };
  // The span of a sync ends when it is logged (its write transaction has committed or its failure been recorded).
  const release = (object: object) => {
    const id = (object as { connectionId: string }).connectionId;
    active.set(id, (active.get(id) ?? 1) - 1);
  };
  const logger = { info: release, warn: release };

  const { tenantId, entityId } = await createTenant(first, {
    legalName: `Schedule ${randomBytes(3).toString('hex')}`,
    stateCode: 'DE',
    taxId: '12-3456789',
  });
  const stamp = new Date(start).toISOString();
  const rows: BankConnectionsTable[] = [];
  for (let index = 0; index < options.connections; index++) {
    const id = newId();
    // The secret is the connection's id: the provider knows which connection it is asked about.
    rows.push({
      id,
      tenant_id: tenantId,
      entity_id: entityId,
      provider: 'simplefin',
      institution_name: 'Sim Bank',
      provider_item_id: null,
      secret_ciphertext: secrets.seal(id, id),
      sync_cursor: null,
      status: 'ok',
      status_reason: null,
      last_synced_at: null,
      // Connections made over the first day, as people would.
      next_sync_at: new Date(start + Math.floor(random() * 86_400_000)).toISOString(),
      consecutive_failures: 0,
      lease_token: null,
      leased_until: null,
      progress: null,
      syncs: 0,
      created_at: stamp,
      updated_at: stamp,
    });
  }
  for (let index = 0; index < rows.length; index += 200)
    await first.db
      .insertInto('bank_connections')
      .values(rows.slice(index, index + 200))
      .execute();

  const began = performance.now();
  const end = start + options.days * 86_400_000;
  for (; nowMs <= end; nowMs += options.stepMs) {
    const now = () => new Date(nowMs);
    await Promise.all(
      options.workers.map(async (handle) => {
        for (;;) {
          const outcomes = await syncDueConnections(handle, services, { limit: 8, logger, now, onlyTenant: tenantId });
          if (outcomes.length === 0) return;
        }
      }),
    );
  }
  const wallMs = performance.now() - began;

  const allowedGap = options.intervalMs * 1.1 + options.stepMs;
  const missed: string[] = [];
  let maxGapMs = 0;
  let syncs = 0;
  for (const row of rows) {
    const times = attempts.get(row.id) ?? [];
    syncs += times.length;
    const points = [new Date(row.next_sync_at).getTime(), ...times, end];
    for (let index = 1; index < points.length; index++) {
      const gap = points[index] - points[index - 1];
      maxGapMs = Math.max(maxGapMs, gap);
      if (index > 1 && gap > allowedGap)
        missed.push(
          `${row.id}: ${gap / 3_600_000} h between ${new Date(points[index - 1]).toISOString()} and ${new Date(points[index]).toISOString()}`,
        );
    }
    if (times.length === 0 || times[0] - new Date(row.next_sync_at).getTime() > options.stepMs)
      missed.push(`${row.id}: first sync late or never`);
  }
  return { syncs, failures: failures, overlaps, missed, maxGapMs, wallMs };
}
