import { z } from 'zod';
import { emailSchema } from './auth-schemas';

// Fax by e-mail (docs/decisions/028-fax-by-e-mail.md): the addresses that get every
// received fax, confirmed by a link, and the limits of faxes sent by writing an e-mail.

/** Addresses one account may have for received faxes, confirmed or not. */
export const MAX_FAX_MAIL_ADDRESSES = 5;

/** How long the link confirming an address works. */
export const FAX_MAIL_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The confirmation page (no session needed: whoever reads the mail at that address confirms). */
export const CONFIRM_FAX_MAIL_PATH = '/confirmFaxMail';

/**
 * A received fax's PDF up to this size rides in the mail; a larger one is a link to the fax. The
 * mail provider may lower it (Cloudflare Email Service: 3 MiB, its messages being 5 MiB at most).
 */
export const RECEIVED_FAX_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The largest mail to a fax address that is read at all (Email Routing's own limit is 25 MiB). */
export const FAX_MAIL_MAX_BYTES = 25 * 1024 * 1024;

/** Attachments of one mail that become pages, in order; more is refused. */
export const FAX_MAIL_MAX_ATTACHMENTS = 10;

export const addFaxMailAddressSchema = z.object({ email: emailSchema });

export const faxMailAddressParamSchema = z.object({ addressId: z.uuid() });

export const confirmFaxMailSchema = z.object({ token: z.string().min(10).max(200) });

export interface FaxMailAddressView {
  id: string;
  email: string;
  confirmed: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
  confirmedAt: number | null;
  /** When the latest confirmation link was mailed. */
  linkSentAt: number;
}

export interface FaxMailSettings {
  addresses: FaxMailAddressView[];
  max: number;
  /** The domain of fax addresses (`<number>@<faxDomain>`), or null when fax by e-mail is off. */
  faxDomain: string | null;
  /** Whether the account may send faxes by e-mail (it has a plan). */
  canSendByMail: boolean;
}
