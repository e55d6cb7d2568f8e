import { DurableObject } from 'cloudflare:workers';
import { LIVE_CLOSE_SESSION_ENDED, LIVE_HELLO_PREFIX, LIVE_PING, LIVE_PONG, type LiveEvent } from '../../src/common/live-messages';
import { getDb } from '../db/client';
import { copyHistoryFromD1 } from '../db/store/copy-from-d1';
import { listStalledStoreSendFaxes } from '../db/store/fax-sweeps';
import { migrateUserStore, openUserStore, type UserStore } from '../db/store/open-store';
import { readStoreOwner, saveStoreOwner } from '../db/store/store-owner';
import { owedDispatchAttempt, STALLED_DISPATCH_MS } from '../domain/fax-sweeps';
import { enqueueFaxJob } from '../queues/fax-messages';
import { type ApiCallMethods, apiCallMethods, pruneApiRecords } from './api-calls';
import { type ContactMethods, contactMethods } from './contacts';
import { type FaxReadMethods, faxReadMethods } from './fax-reads';
import { flushLedgerWhenDue, type LedgerMethods, ledgerMethods } from './ledger';
import { type OutgoingWebhookMethods, outgoingWebhookMethods } from './outgoing-webhooks';
import { closeSilentCalls, type ReceivingMethods, receivingMethods } from './receiving';
import { type StoreRoom, watchOpenFaxes } from './room';
import { type SandboxMethods, sandboxMethods } from './sandbox';
import { type SendMethods, sendMethods, startDueFaxes } from './sends';
import { type SentFaxMethods, sentFaxMethods } from './sent-faxes';
import { purgeExpiredTrash, type TrashMethods, trashMethods } from './trash';
import { watchWebhooks } from './webhook-watch';

/** Every method that names the user (the modules of this room), as `userStore()` calls them. */
export type UserStoreMethods = SendMethods &
  SentFaxMethods &
  FaxReadMethods &
  ReceivingMethods &
  TrashMethods &
  ContactMethods &
  LedgerMethods &
  OutgoingWebhookMethods &
  ApiCallMethods &
  SandboxMethods;

interface SocketAttachment {
  sessionId: string;
}

function sessionOf(socket: WebSocket): string | null {
  return (socket.deserializeAttachment() as SocketAttachment | null)?.sessionId ?? null;
}

// The class and its methods from the modules of this room are one interface, so a stub types them.
export interface UserHub extends UserStoreMethods {}

/**
 * One per user (decision 023): the user's own store, changed one call at a time, the pushes to
 * their open pages (hibernating WebSockets, so idle sockets cost nothing) after each change, and
 * the alarm that watches their faxes on their way. This file holds the object's life (readiness,
 * sockets, alarm); what it does with the store is in the modules beside it, one concern each.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface's methods are put on the prototype at the end of this file
export class UserHub extends DurableObject<Env> implements StoreRoom {
  readonly store: UserStore;
  declare readonly env: Env;
  declare readonly ctx: DurableObjectState<Record<never, never>>;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = openUserStore(ctx);
    // Heartbeats are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  private readyFor: string | null = null;

  /** Every call names the user: the first one copies the user's history out of D1 if it is still there. */
  async ready(userId: string): Promise<void> {
    if (this.readyFor === userId) return;
    // Nothing else runs in the object until the copy is whole: a charge in between would be
    // overwritten by the balance the copy sets.
    await this.ctx.blockConcurrencyWhile(async () => {
      saveStoreOwner(this.store, userId);
      while (!(await copyHistoryFromD1(getDb(this.env), this.store, userId, 25, Date.now()))) {
        // one more batch of pages
      }
    });
    this.readyFor = userId;
    // Faxes copied on their way, or left open when the object last stopped, are watched again.
    await watchOpenFaxes(this);
  }

  /**
   * The object's own watch over its faxes (domain/fax-sweeps.ts): a dispatch that never ran is
   * queued again (the dispatch decides from the store, so a message that was only late changes
   * nothing twice), a call silent for hours is closed, scheduled faxes start, ledger rows D1
   * refused are written, and the trash past its retention is purged.
   */
  override async alarm(): Promise<void> {
    const userId = readStoreOwner(this.store);
    if (!userId) return;
    await this.ready(userId);
    const now = Date.now();
    for (const { fax, current } of listStalledStoreSendFaxes(this.store, now - STALLED_DISPATCH_MS)) {
      const attempt = owedDispatchAttempt(fax, current, now);
      if (attempt === null) continue;
      console.warn(`Fax ${fax.id}: attempt ${attempt} was never dispatched; queueing it again`);
      await enqueueFaxJob(this.env, { kind: 'fax.dispatch', faxId: fax.id, userId, attempt });
    }
    await closeSilentCalls(this, now);
    await startDueFaxes(this, userId, now);
    await flushLedgerWhenDue(this, userId, now);
    await purgeExpiredTrash(this, userId, now);
    await watchWebhooks(this, userId, now);
    pruneApiRecords(this, now);
    await watchOpenFaxes(this);
  }

  /**
   * Copies the next pages (at most `maxPages`) of this user's history out of D1 into the store, and
   * once all are there the balance and counters; answers whether the copy is complete (decision 023).
   */
  async copyHistoryFromD1(userId: string, maxPages = 25): Promise<boolean> {
    saveStoreOwner(this.store, userId);
    return copyHistoryFromD1(getDb(this.env), this.store, userId, maxPages, Date.now());
  }

  /**
   * Empties the user's store, every table and fact of it, as the account is deleted. The schema
   * is brought back empty, so a late call to this object (a push after the deletion) still works.
   */
  async deleteStore(): Promise<void> {
    await this.ctx.storage.deleteAll();
    await migrateUserStore(this.store);
  }

  // ---- What a page rendered from this user's data may have missed (decision 033): every push
  // ---- counts, and the count is kept in memory only, so a restarted object starts a new series
  // ---- (another `epoch`) and every page rendered before it reads again.

  private readonly epoch = crypto.randomUUID().slice(0, 8);
  private pushes = 0;

  /** Where the pushes stand now; the Worker reads it before anything a page shows. */
  liveMark(): string {
    return `${this.epoch}.${this.pushes}`;
  }

  /** Accepts an upgrade the Worker has already authenticated; the session id comes in a header. */
  override async fetch(request: Request): Promise<Response> {
    const sessionId = request.headers.get('x-session-id');
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket' || !sessionId) {
      return new Response('Expected an authenticated WebSocket upgrade', { status: 400 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ sessionId } satisfies SocketAttachment);
    // First of all, where the pushes stand: the page compares it with the mark it was rendered at.
    server.send(LIVE_HELLO_PREFIX + this.liveMark());
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Sends the event to every open socket of this user; those of `exceptSessionId` get `ownEvent`
   * instead, or nothing without one. Answers how many sockets got a frame.
   */
  async publish(event: LiveEvent, exceptSessionId: string | null = null, ownEvent: LiveEvent | null = null): Promise<number> {
    this.pushes++;
    const frame = JSON.stringify(event);
    const ownFrame = ownEvent ? JSON.stringify(ownEvent) : null;
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      const own = exceptSessionId !== null && sessionOf(socket) === exceptSessionId;
      if (own && !ownFrame) continue;
      try {
        socket.send(own ? (ownFrame as string) : frame);
        delivered++;
      } catch {
        // A socket closing at this moment misses the event; its page re-reads state on reconnect.
      }
    }
    return delivered;
  }

  /** Closes the sockets opened under a session that has ended (sign-out). */
  async endSession(sessionId: string): Promise<void> {
    for (const socket of this.ctx.getWebSockets()) {
      if (sessionOf(socket) === sessionId) socket.close(LIVE_CLOSE_SESSION_ENDED, 'Session ended');
    }
  }

  /**
   * Closes every socket of the user (signed out everywhere, password changed, account deleted)
   * but those of `keepSessionId`, which are handed to `newSessionId`: the browser that changed the
   * password keeps its page live under its new session instead of racing its own sign-out.
   */
  async endAllSessions(keep: { keepSessionId: string; newSessionId: string } | null = null): Promise<void> {
    for (const socket of this.ctx.getWebSockets()) {
      if (keep && sessionOf(socket) === keep.keepSessionId) {
        socket.serializeAttachment({ sessionId: keep.newSessionId } satisfies SocketAttachment);
      } else {
        socket.close(LIVE_CLOSE_SESSION_ENDED, 'Session ended');
      }
    }
  }

  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // The page only ever sends heartbeats, which the auto-response handles; anything else is a
    // client we do not know, so it is told and dropped.
    if (message !== LIVE_PING) socket.close(1003, 'Unsupported frame');
  }

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    // 1005/1006 are reserved and may not be sent back.
    socket.close(code === 1005 || code === 1006 ? 1000 : code, 'Closing');
  }
}

Object.assign(
  UserHub.prototype,
  sendMethods,
  sentFaxMethods,
  faxReadMethods,
  receivingMethods,
  trashMethods,
  contactMethods,
  ledgerMethods,
  outgoingWebhookMethods,
  apiCallMethods,
  sandboxMethods,
);
