export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body; every mail has one. */
  text: string;
  /** HTML body; build it with escapeHtml for anything that came from a user. */
  html: string;
  /** Files sent with the mail (a received fax's PDF); keep their total under the provider's limit. */
  attachments?: MailAttachment[];
}

/** A way to deliver mail: the local outbox or a real provider. */
export interface MailProvider {
  send(message: MailMessage, from: string): Promise<void>;
  /** The most bytes of attachments one mail may carry through this provider (before encoding). */
  maxAttachmentBytes: number;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** `Name <address>` or a bare address, as MAIL_FROM is written, split into its parts. */
export function splitMailbox(from: string): { name: string; email: string } {
  const match = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/.exec(from);
  return match ? { name: match[1]!.replace(/^"|"$/g, ''), email: match[2]! } : { name: '', email: from.trim() };
}
