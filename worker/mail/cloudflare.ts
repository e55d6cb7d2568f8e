import { type MailMessage, type MailProvider, splitMailbox } from './message';

/**
 * Production: Cloudflare Email Service through a `send_email` binding
 * (https://developers.cloudflare.com/email-service/api/send-emails/workers-api/). The sender's
 * domain must be onboarded for Email Sending in the same account.
 */
export function cloudflareMailProvider(binding: SendEmail): MailProvider {
  return {
    // A message may be 5 MiB in all once encoded (Email Service limits); base64 makes 3 bytes 4, and
    // the text and HTML need room too.
    maxAttachmentBytes: 3 * 1024 * 1024,
    async send(message: MailMessage, from: string): Promise<void> {
      await binding.send({
        from: splitMailbox(from),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((file) => ({
                disposition: 'attachment' as const,
                filename: file.filename,
                type: file.contentType,
                content: file.content,
              })),
            }
          : {}),
      });
    },
  };
}
