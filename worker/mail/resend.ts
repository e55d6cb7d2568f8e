import { Buffer } from 'node:buffer';
import type { MailMessage, MailProvider } from './message';

const RESEND_ENDPOINT = 'https://api.resend.com/emails';

/** Production: Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email). */
export function resendProvider(apiKey: string): MailProvider {
  return {
    // Resend takes 40 MB a mail once encoded; a received fax's PDF above 10 MB goes as a link.
    maxAttachmentBytes: 10 * 1024 * 1024,
    async send(message: MailMessage, from: string): Promise<void> {
      const attachments = message.attachments?.map((file) => ({
        filename: file.filename,
        content: Buffer.from(file.content).toString('base64'),
        content_type: file.contentType,
      }));
      const response = await fetch(RESEND_ENDPOINT, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(attachments?.length ? { attachments } : {}),
        }),
      });
      if (!response.ok) {
        throw new Error(`Resend answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      }
    },
  };
}
