export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body; every mail has one. */
  text: string;
  /** HTML body; build it with escapeHtml for anything that came from a user. */
  html: string;
}

/** A way to deliver mail: the local outbox or a real provider. */
export interface MailProvider {
  send(message: MailMessage, from: string): Promise<void>;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
