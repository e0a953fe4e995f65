import type { DatabaseHandle } from '../db/connection.ts';
import { withWriteTransaction } from '../db/transaction.ts';

export interface LoginThrottleSettings {
  maxFailuresPerEmail: number;
  maxFailuresPerAddress: number;
  windowMs: number;
}

/**
 * Failed sign-ins are counted per e-mail (a guesser at one account) and per client address (one
 * client guessing at many), in fixed windows, in the database so that several API processes count
 * together. Once a subject reaches its limit it is refused until its window ends, even with the right
 * password (a guesser must not learn that one was right). Reset mails are counted the same way per
 * e-mail ('reset'), so nobody can flood a person's mailbox through the reset form.
 */
export type Subject = { kind: 'email' | 'address' | 'reset'; value: string };

const keyOf = (subject: Subject) => `${subject.kind}:${subject.value}`;

/** Seconds until the first blocked subject may try again, or undefined when none is blocked. */
export async function blockedFor(
  handle: DatabaseHandle,
  settings: LoginThrottleSettings,
  subjects: Subject[],
  nowMs = Date.now(),
): Promise<number | undefined> {
  let wait: number | undefined;
  for (const subject of subjects) {
    const row = await handle.readDb
      .selectFrom('login_throttle')
      .selectAll()
      .where('subject', '=', keyOf(subject))
      .executeTakeFirst();
    if (!row) continue;
    const endsAtMs = Number(row.window_started_at_ms) + settings.windowMs;
    const limit = subject.kind === 'address' ? settings.maxFailuresPerAddress : settings.maxFailuresPerEmail;
    if (row.failures >= limit && endsAtMs > nowMs) wait = Math.max(wait ?? 0, Math.ceil((endsAtMs - nowMs) / 1000));
  }
  return wait;
}

export async function recordFailure(
  handle: DatabaseHandle,
  settings: LoginThrottleSettings,
  subjects: Subject[],
  nowMs = Date.now(),
): Promise<void> {
  await withWriteTransaction(handle, async (trx) => {
    for (const subject of subjects) {
      const key = keyOf(subject);
      const row = await trx.selectFrom('login_throttle').selectAll().where('subject', '=', key).executeTakeFirst();
      if (!row) {
        await trx
          .insertInto('login_throttle')
          .values({ subject: key, failures: 1, window_started_at_ms: nowMs })
          .execute();
      } else if (Number(row.window_started_at_ms) + settings.windowMs <= nowMs) {
        await trx
          .updateTable('login_throttle')
          .set({ failures: 1, window_started_at_ms: nowMs })
          .where('subject', '=', key)
          .execute();
      } else {
        await trx
          .updateTable('login_throttle')
          .set({ failures: row.failures + 1 })
          .where('subject', '=', key)
          .execute();
      }
    }
  });
}

/** A successful sign-in forgives the e-mail's failures (the address keeps its count). */
export async function clearFailures(handle: DatabaseHandle, subject: Subject): Promise<void> {
  await handle.db.deleteFrom('login_throttle').where('subject', '=', keyOf(subject)).execute();
}
