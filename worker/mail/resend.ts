import type { MailMessage, MailProvider } from './message';

const RESEND_ENDPOINT = 'https://api.resend.com/emails';

/** Production: Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email). */
export function resendProvider(apiKey: string): MailProvider {
  return {
    async send(message: MailMessage, from: string): Promise<void> {
      const response = await fetch(RESEND_ENDPOINT, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from, to: [message.to], subject: message.subject, text: message.text, html: message.html }),
      });
      if (!response.ok) {
        throw new Error(`Resend answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      }
    },
  };
}
