import type { Config } from '../config/config.ts';
import type { Clock } from '../shared/clock.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { Principal, Scope } from '../tenancy/api-keys.ts';
import type { AnswerType } from './content-negotiation.ts';
import type { FeedRuntime } from '../intake/feeds/services.ts';
import type { SendMail } from '../people/mailer.ts';
import type { TenantScope } from './tenant-scope.ts';

/**
 * What every route is handed, and what the app adds to Fastify's types. Routes import this file, never
 * app.ts: app.ts registers the routes, so the arrow runs one way.
 */
export type RateClass = 'read' | 'write' | 'report';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Scope the route needs; routes without one are public. */
    scope?: Scope;
    rateClass?: RateClass;
    /** The route also answers text/csv when the client's Accept prefers it. */
    csv?: boolean;
  }
  interface FastifyRequest {
    principal: Principal;
    /** The authenticated tenant's scope: its stores and transactions, bound to it. */
    tenant: TenantScope;
    /** The media type the answer takes, negotiated from Accept. */
    answerAs: AnswerType;
  }
  interface FastifyReply {
    /** The reason of an error answer, for the request's log line. */
    errorReason?: string;
  }
  interface FastifyInstance {
    /** "METHOD /path" of every /v1 route, relative to /v1, as served (the contract must list them all). */
    servedRoutes: string[];
  }
}

export interface AppContext {
  handle: DatabaseHandle;
  config: Config;
  /** Called after rows arrive so an in-process sweep starts at once. */
  onRowsArrived: () => void;
  /** The clock date-relative answers (obligation statuses, overdue days) are computed with; injectable for tests. */
  now: Clock;
  /** Outgoing mail (reset links, invitations); undefined when none is configured. */
  sendMail: SendMail | undefined;
  /** Bank-feed providers, secrets and webhook verifier; made on first use (the key file is created then). */
  feeds: () => FeedRuntime;
}
