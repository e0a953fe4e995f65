import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import type { PlaidApi } from 'plaid';

/** Plaid signs webhooks no older than this (the `iat` claim); an older one is a replay. */
export const MAX_WEBHOOK_AGE_SECONDS = 5 * 60;

export class WebhookVerificationError extends Error {}

/**
 * Verifies the `Plaid-Verification` header of a webhook (plaid.com/docs/api/webhooks/webhook-verification):
 * a JWT signed ES256 by a key fetched from /webhook_verification_key/get by its `kid` (cached; a key
 * Plaid reports expired is refused), issued at most five minutes ago, whose `request_body_sha256`
 * claim is the SHA-256 of the exact body received.
 */
export class PlaidWebhookVerifier {
  private readonly keys = new Map<string, { key: CryptoKey | Uint8Array; expiredAt: number | null }>();
  constructor(
    private readonly client: Pick<PlaidApi, 'webhookVerificationKeyGet'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async verify(token: string | undefined, rawBody: Buffer): Promise<void> {
    if (!token) throw new WebhookVerificationError('the Plaid-Verification header is missing');
    let header;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new WebhookVerificationError('the Plaid-Verification header is not a JWT');
    }
    if (header.alg !== 'ES256')
      throw new WebhookVerificationError(`the webhook is signed ${String(header.alg)}, not ES256`);
    if (!header.kid) throw new WebhookVerificationError('the webhook JWT names no key');
    const key = await this.key(header.kid);
    let payload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: ['ES256'],
        maxTokenAge: MAX_WEBHOOK_AGE_SECONDS,
        currentDate: this.now(),
        clockTolerance: 5,
      }));
    } catch (error) {
      throw new WebhookVerificationError(`the webhook JWT does not verify: ${(error as Error).message}`);
    }
    const claimed = payload.request_body_sha256;
    if (typeof claimed !== 'string' || !/^[0-9a-f]{64}$/.test(claimed))
      throw new WebhookVerificationError('the webhook JWT has no request_body_sha256');
    const actual = createHash('sha256').update(rawBody).digest();
    if (!timingSafeEqual(actual, Buffer.from(claimed, 'hex')))
      throw new WebhookVerificationError('the webhook body does not match its signature');
  }

  private async key(kid: string): Promise<CryptoKey | Uint8Array> {
    const cached = this.keys.get(kid);
    if (cached && (cached.expiredAt === null || cached.expiredAt > this.now().getTime())) return cached.key;
    let jwk: JWK & { expired_at?: number | null };
    try {
      const { data } = await this.client.webhookVerificationKeyGet({ key_id: kid });
      jwk = data.key as unknown as JWK & { expired_at?: number | null };
    } catch (error) {
      throw new WebhookVerificationError(`the webhook key ${kid} could not be fetched: ${(error as Error).message}`);
    }
    const expiredAt = jwk.expired_at ? jwk.expired_at * 1000 : null;
    if (expiredAt !== null && expiredAt <= this.now().getTime())
      throw new WebhookVerificationError(`the webhook key ${kid} has expired`);
    const {
      expired_at: _expired,
      created_at: _created,
      ...publicJwk
    } = jwk as JWK & { expired_at?: unknown; created_at?: unknown };
    const key = await importJWK(publicJwk, 'ES256');
    this.keys.set(kid, { key, expiredAt });
    return key;
  }
}
