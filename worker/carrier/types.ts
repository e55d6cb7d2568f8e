import type { FaxFailureReason } from '../../src/common/faxes';

// One interface for every fax carrier (docs/decisions/014). The dispatch consumer asks a carrier to
// send; the carrier reports back only through signed webhooks, which its `readWebhook` verifies
// and turns into carrier events. Nothing else in the Worker knows a carrier's formats.

export type CarrierName = 'loopback' | 'telnyx';

/** Our own name for one delivery attempt; carriers echo it in their events (Telnyx: client_state). */
export interface AttemptRef {
  faxId: string;
  attempt: number;
}

/** Whose fax an attempt is, with our signature over both (attempt-ref.ts). */
export interface AttemptOwner {
  userId: string;
  signature: string;
}

/** An attempt as a carrier echoes it back; references made before owners were signed have none. */
export interface EchoedAttemptRef extends AttemptRef {
  owner?: AttemptOwner;
}

export interface OutboundFax {
  faxId: string;
  attempt: number;
  /** The fax's owner, signed: carried in the state the carrier echoes. */
  owner: AttemptOwner;
  /** E.164 caller id. */
  from: string;
  /** E.164 recipient. */
  to: string;
  /** R2 key of the final PDF (cover page first). */
  documentKey: string;
  pageCount: number;
  /** A short-lived signed URL of the same PDF, for carriers that fetch media themselves; null when not configured. */
  mediaUrl: string | null;
}

export interface SendAccepted {
  /** The carrier's id for this attempt; its webhooks name it. */
  carrierFaxId: string;
}

/** What a verified webhook says, in our words. */
export type CarrierEvent =
  | {
      kind: 'outbound.status';
      /** The carrier's own event id: the idempotency key (webhook_events). */
      eventId: string;
      carrierFaxId: string;
      /** The attempt the event is about, when the carrier echoed it (it always does for ours). */
      reference: EchoedAttemptRef | null;
      occurredAt: number;
      status: 'QUEUED' | 'SENDING' | 'DELIVERED' | 'FAILED';
      pagesSent: number | null;
      failureReason: FaxFailureReason | null;
    }
  // A fax call to one of our numbers is being answered (Telnyx fax.receiving.started and
  // fax.media.processing.started): the receiving side shows "receiving…".
  | {
      kind: 'inbound.started';
      eventId: string;
      carrierFaxId: string;
      occurredAt: number;
      from: string | null;
      to: string;
      /** Pages in so far, when the carrier says. */
      pagesReceived: number | null;
    }
  | {
      kind: 'inbound.received';
      eventId: string;
      carrierFaxId: string;
      occurredAt: number;
      from: string | null;
      to: string;
      pageCount: number;
      /** Where to fetch the received PDF from (carrier media URL or an R2 key for loopback). */
      media: InboundMedia;
    }
  // The call to our number broke off or was refused (Telnyx fax.failed, direction inbound). When
  // some pages arrived the carrier may still hand over their PDF: the fax is kept as partial.
  | {
      kind: 'inbound.failed';
      eventId: string;
      carrierFaxId: string;
      occurredAt: number;
      from: string | null;
      to: string;
      failureReason: FaxFailureReason;
      pagesReceived: number;
      media: InboundMedia | null;
    };

/** Where a received fax's PDF is: the carrier's short-lived link, or an R2 key (loopback). */
export type InboundMedia = { url: string } | { r2Key: string };

export type InboundCarrierEvent = Extract<CarrierEvent, { kind: `inbound.${string}` }>;

/** A webhook as read by its carrier: events, or why it was refused. */
export type WebhookReading =
  | { kind: 'events'; events: CarrierEvent[] }
  /** Signature missing, wrong, or outside the freshness window. */
  | { kind: 'invalid-signature' }
  /** Correctly signed but not JSON of the carrier's envelope. */
  | { kind: 'malformed' };

export interface Carrier {
  readonly name: CarrierName;
  /** Hands one attempt to the carrier. Throws CarrierRejected for a fax it will never take. */
  send(fax: OutboundFax): Promise<SendAccepted>;
  /**
   * Verifies a webhook request (signature and freshness) and parses its body. A well-signed event
   * it does not track yields no events rather than an error.
   */
  readWebhook(request: Request): Promise<WebhookReading>;
}

/** The carrier refused the fax outright (e.g. an invalid number): no retry can help. */
export class CarrierRejected extends Error {
  constructor(
    readonly reason: FaxFailureReason,
    message?: string,
  ) {
    super(message ?? reason);
    this.name = 'CarrierRejected';
  }
}
