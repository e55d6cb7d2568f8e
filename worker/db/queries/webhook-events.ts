import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { webhookEvents } from '../schema';

// Deliveries already handled (carrier and payment webhooks), keyed by provider and event id, so a
// repeated delivery changes nothing. One-time claims use the same table (claimOnce, billing.ts).

export async function isWebhookEventHandled(db: Db, provider: string, eventId: string): Promise<boolean> {
  const row = await db.query.webhookEvents.findFirst({
    where: and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)),
  });
  return row !== undefined;
}

/** Marks a delivery handled when it changes nothing (events that change something record it in their batch). */
export async function recordWebhookEvent(db: Db, provider: string, eventId: string, now: number): Promise<void> {
  await db.insert(webhookEvents).values({ provider, eventId, receivedAt: now }).onConflictDoNothing();
}

/** Gives a claim back when the work it guarded failed, so the processor's redelivery does it. */
export async function forgetWebhookEvent(db: Db, provider: string, eventId: string): Promise<void> {
  await db.delete(webhookEvents).where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
}
