import { readConfig } from '../env';
import { cloudflareMailProvider } from './cloudflare';
import type { MailMessage, MailProvider } from './message';
import { outboxProvider } from './outbox';
import { resendProvider } from './resend';

function providerFor(env: Env): MailProvider {
  const config = readConfig(env);
  switch (config.MAIL_PROVIDER) {
    case 'outbox':
      return outboxProvider(env);
    case 'resend':
      // readConfig guarantees the key is there for this provider.
      return resendProvider(config.RESEND_API_KEY ?? '');
    case 'cloudflare':
      // readConfig guarantees the binding is there for this provider.
      return cloudflareMailProvider(config.SEND_EMAIL!);
  }
}

/** Sends one mail through the configured provider; throws when it could not be handed over. */
export async function sendMail(env: Env, message: MailMessage): Promise<void> {
  await providerFor(env).send({ ...message, to: message.to.toLowerCase() }, readConfig(env).MAIL_FROM);
}

/** The most bytes of attachments one mail may carry through the configured provider. */
export function mailAttachmentLimit(env: Env): number {
  return providerFor(env).maxAttachmentBytes;
}
