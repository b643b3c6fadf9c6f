/** Rows of webhook_endpoints and webhook_deliveries (migration 0032). */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints, type WebhookAttempt } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertEndpoint(
  db: DbOrTx,
  row: { userId: string; url: string; secret: string; events: string[]; createdBy?: string | null },
): Promise<EndpointRow> {
  const [created] = await db.insert(webhookEndpoints).values(row).returning();
  return created;
}

export async function listEndpoints(db: DbOrTx, userId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt));
}

export async function countEndpoints(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  return Number(row?.n ?? 0);
}

/** The user's endpoint `id`, or undefined when it is not theirs. */
export async function findUserEndpoint(db: DbOrTx, userId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  return row;
}

export async function deleteEndpoint(db: DbOrTx, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** Enabled endpoints of the user subscribed to `event`. */
export async function subscribedEndpoints(db: DbOrTx, userId: string, event: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, userId),
        isNull(webhookEndpoints.disabledAt),
        sql`${event} = ANY(${webhookEndpoints.events})`,
      ),
    );
}

/** Disables the endpoint; true when this call did it (it was enabled). */
export async function disableEndpoint(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ disabledAt: new Date() })
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Inserts a delivery once per endpoint and event; undefined when it existed already. */
export async function insertDelivery(
  db: DbOrTx,
  row: { endpointId: string; eventId: string; eventType: string; payload: unknown },
): Promise<DeliveryRow | undefined> {
  const [created] = await db.insert(webhookDeliveries).values(row).onConflictDoNothing().returning();
  return created;
}

export async function findDelivery(
  db: DbOrTx,
  id: string,
): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow } | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

/** Appends a try to the log and sets the status (only while the delivery is pending). */
export async function recordAttempt(
  db: DbOrTx,
  id: string,
  attempt: WebhookAttempt,
  status: 'pending' | 'succeeded' | 'failed',
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} || ${JSON.stringify([attempt])}::jsonb`,
      status,
      updatedAt: new Date(),
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

/** The endpoint's last 50 deliveries, newest first. */
export async function listDeliveries(db: DbOrTx, endpointId: string): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(50);
}
