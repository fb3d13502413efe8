import type { Database } from "../db/database.js";
import { claimDue, release } from "../queue/leased-queue.js";
import { newDelivery, newId } from "./fan-out.js";
import type { DeliveryRow, EndpointRow, Owner, WebhookDb } from "./rows.js";
import { newSecret } from "./signer.js";

/** How long a rotated-out secret keeps signing next to the new one. */
const PREVIOUS_SECRET_GRACE_MS = 24 * 3600 * 1000;
/** Finished deliveries are kept this long for the deliveries list, then deleted. */
const KEEP_FINISHED_MS = 30 * 24 * 3600 * 1000;

function ownedBy<T extends { where: (...args: any[]) => T }>(query: T, owner: Owner): T {
  return owner.organizationId === null
    ? query.where("organizationId", "is", null)
    : query.where("organizationId", "=", owner.organizationId);
}

/** The endpoints and deliveries tables: what the routes and the delivery worker read and write. */
export function createWebhookStore(database: Database) {
  const db = database.db as unknown as WebhookDb;

  return {
    async list(owner: Owner): Promise<EndpointRow[]> {
      return ownedBy(db.selectFrom("webhook_endpoint").selectAll(), owner).orderBy("createdAt").orderBy("id").execute();
    },

    async count(owner: Owner): Promise<number> {
      const row = await ownedBy(
        db.selectFrom("webhook_endpoint").select((eb) => eb.fn.countAll<number>().as("n")),
        owner,
      ).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async get(owner: Owner, id: string): Promise<EndpointRow | undefined> {
      return ownedBy(db.selectFrom("webhook_endpoint").selectAll().where("id", "=", id), owner).executeTakeFirst();
    },

    /** For the worker: an endpoint whoever owns it. */
    async byId(id: string): Promise<EndpointRow | undefined> {
      return db.selectFrom("webhook_endpoint").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async create(
      owner: Owner,
      input: { url: string; events: string[]; description: string },
    ): Promise<{ row: EndpointRow; secret: string }> {
      const now = Date.now();
      const secret = newSecret();
      const row: EndpointRow = {
        id: newId(),
        organizationId: owner.organizationId,
        url: input.url,
        description: input.description,
        events: JSON.stringify(input.events),
        enabled: 1,
        disabledReason: null,
        secret,
        previousSecret: null,
        previousSecretUntil: null,
        failingSince: null,
        createdAt: now,
        updatedAt: now,
      };
      await db.insertInto("webhook_endpoint").values(row).execute();
      return { row, secret };
    },

    async update(
      owner: Owner,
      id: string,
      input: { url?: string; events?: string[]; description?: string; enabled?: boolean },
    ): Promise<EndpointRow | undefined> {
      const values: Partial<EndpointRow> = { updatedAt: Date.now() };
      if (input.url !== undefined) values.url = input.url;
      if (input.events !== undefined) values.events = JSON.stringify(input.events);
      if (input.description !== undefined) values.description = input.description;
      if (input.enabled !== undefined) {
        values.enabled = input.enabled ? 1 : 0;
        values.disabledReason = input.enabled ? null : "manual";
        // Turned on again: the failing clock starts afresh.
        if (input.enabled) values.failingSince = null;
      }
      const result = await ownedBy(
        db.updateTable("webhook_endpoint").set(values).where("id", "=", id),
        owner,
      ).executeTakeFirst();
      if (!Number(result.numUpdatedRows)) return undefined;
      return this.get(owner, id);
    },

    async remove(owner: Owner, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const found = await ownedBy(
          trx.selectFrom("webhook_endpoint").select("id").where("id", "=", id),
          owner,
        ).executeTakeFirst();
        if (!found) return false;
        await trx.deleteFrom("webhook_delivery").where("endpointId", "=", id).execute();
        await trx.deleteFrom("webhook_endpoint").where("id", "=", id).execute();
        return true;
      });
    },

    /** A new secret; the old one keeps signing for PREVIOUS_SECRET_GRACE_MS. */
    async rotate(owner: Owner, id: string): Promise<{ row: EndpointRow; secret: string } | undefined> {
      const current = await this.get(owner, id);
      if (!current) return undefined;
      const secret = newSecret();
      const now = Date.now();
      await db
        .updateTable("webhook_endpoint")
        .set({
          secret,
          previousSecret: current.secret,
          previousSecretUntil: now + PREVIOUS_SECRET_GRACE_MS,
          updatedAt: now,
        })
        .where("id", "=", id)
        .execute();
      const row = await this.get(owner, id);
      return row && { row, secret };
    },

    async deliveries(endpointId: string, page: number, pageSize: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom("webhook_delivery")
          .selectAll()
          .where("endpointId", "=", endpointId)
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db
          .selectFrom("webhook_delivery")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("endpointId", "=", endpointId)
          .executeTakeFirst(),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async delivery(endpointId: string, id: string): Promise<DeliveryRow | undefined> {
      return db
        .selectFrom("webhook_delivery")
        .selectAll()
        .where("endpointId", "=", endpointId)
        .where("id", "=", id)
        .executeTakeFirst();
    },

    /** Queues one message to one endpoint (a resend keeps the messageId; a test has a new one). */
    async enqueue(endpointId: string, messageId: string, eventType: string, payload: string): Promise<DeliveryRow> {
      const row = newDelivery(endpointId, messageId, eventType, payload, Date.now());
      await db.insertInto("webhook_delivery").values(row).execute();
      return row;
    },

    claim(limit: number, leaseMs: number, token: string): Promise<DeliveryRow[]> {
      return claimDue<DeliveryRow>(database, "webhook_delivery", limit, leaseMs, token);
    },

    finish(id: string, token: string, values: Partial<DeliveryRow>): Promise<boolean> {
      return release(db, "webhook_delivery", id, token, values);
    },

    /**
     * A success: the endpoint is healthy again. If it was failing, its deliveries waiting out a backoff are
     * due now (the receiver is back, so stop waiting), as mail does after an outage.
     */
    async endpointSucceeded(id: string): Promise<boolean> {
      const now = Date.now();
      const result = await db
        .updateTable("webhook_endpoint")
        .set({ failingSince: null })
        .where("id", "=", id)
        .where("failingSince", "is not", null)
        .executeTakeFirst();
      if (!Number(result.numUpdatedRows)) return false;
      const due = await db
        .updateTable("webhook_delivery")
        .set({ availableAt: now })
        .where("endpointId", "=", id)
        .where("status", "=", "pending")
        .where("availableAt", ">", now)
        .executeTakeFirst();
      return Number(due.numUpdatedRows) > 0;
    },

    /**
     * A failed attempt: starts the endpoint's failing clock, and turns the endpoint off ("failing") once
     * it has failed without a single success for `disableAfterMs`. True if it was turned off now.
     */
    async endpointFailed(id: string, disableAfterMs: number): Promise<boolean> {
      const now = Date.now();
      await db
        .updateTable("webhook_endpoint")
        .set({ failingSince: now })
        .where("id", "=", id)
        .where("failingSince", "is", null)
        .execute();
      const result = await db
        .updateTable("webhook_endpoint")
        .set({ enabled: 0, disabledReason: "failing", updatedAt: now })
        .where("id", "=", id)
        .where("enabled", "=", 1)
        .where("failingSince", "<=", now - disableAfterMs)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async prune(): Promise<void> {
      await db
        .deleteFrom("webhook_delivery")
        .where("status", "in", ["succeeded", "failed"])
        .where("createdAt", "<", Date.now() - KEEP_FINISHED_MS)
        .execute();
    },

    /** Every delivery, oldest first: for tests and operators. */
    async allDeliveries(): Promise<DeliveryRow[]> {
      return db.selectFrom("webhook_delivery").selectAll().orderBy("createdAt").orderBy("id").execute();
    },
  };
}

export type WebhookStore = ReturnType<typeof createWebhookStore>;
