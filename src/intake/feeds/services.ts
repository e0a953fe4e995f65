import type { FeedConfig } from './settings.ts';
import type { FeedServices } from './connections.ts';
import { PlaidProvider } from './plaid.ts';
import { PlaidWebhookVerifier } from './plaid-webhook.ts';
import { loadSecretKey, SecretBox } from './secrets.ts';
import { SimplefinProvider } from './simplefin.ts';

export interface FeedRuntime extends FeedServices {
  /** Null unless Plaid is configured. */
  webhookVerifier: PlaidWebhookVerifier | null;
}

/** The providers, the secret box and the webhook verifier of one process, from its configuration. */
export function feedRuntime(
  config: FeedConfig,
  hooks: Pick<FeedServices, 'onRowsArrived' | 'onSyncRequested'> = {},
): FeedRuntime {
  const plaid = config.plaid ? new PlaidProvider(config.plaid) : null;
  return {
    providers: { simplefin: new SimplefinProvider(), plaid },
    secrets: new SecretBox(loadSecretKey(config.secretKey, config.secretKeyDirectory)),
    settings: {
      syncIntervalMs: config.syncIntervalMs,
      jitterRatio: config.jitterRatio,
      retryBaseMs: config.retryBaseMs,
      leaseMs: config.leaseMs,
    },
    webhookVerifier: plaid ? new PlaidWebhookVerifier(plaid.client) : null,
    ...hooks,
  };
}
