import type { LoginHistoryEntry } from './account-view';
import type { ApiKeyView } from './api-key-rules';
import type { BillingHistory, SubscriptionView } from './billing';
import type { ServiceProvider } from './company';
import type { ContactListPage, ContactView } from './contacts';
import type { FaxMailSettings } from './fax-mail';
import type { FaxDetails, FaxListPage } from './faxes';
import type { FunnelReport } from './funnel';
import type { NumberHoldView } from './numbers';
import type { WebhookEndpointView } from './outgoing-webhook-rules';
import type { PasskeyView } from './passkey-rules';
import type { OptionsView } from './plans';
import type { SecondFactorStatus } from './second-factor-schemas';
import type { BroadcastView } from './send-many';
import type { TrashListPage } from './trash';

/**
 * What a page shows first, read by the Worker with the page (worker/pages/, one loader per page)
 * in the same shapes the API answers, so the page's island starts from it instead of fetching at
 * load. Only what the user may see: it reaches islands as props.
 */
export type PageData =
  /** /sent and /inbox without filters in the address: the history's first page (GET /api/faxes). */
  | { page: 'faxHistory'; faxes: FaxListPage }
  /** /trash: its first page (GET /api/trash). */
  | { page: 'trash'; faxes: TrashListPage }
  /** /phonebook: its first page (GET /api/contacts). */
  | { page: 'phonebook'; contacts: ContactListPage }
  /**
   * /send?contact={contactId} or /send?to={number}: the contact to send to (GET
   * /api/contacts/{contactId}; null where it answers 404), or the number as shown when no contact has it.
   */
  | { page: 'send'; contact: ContactView | null; toNumber: string | null }
  /** /faxDetails/{faxId} and /preview?faxId=: the fax as GET /api/faxes/{faxId} answers it; null where it answers 404. */
  | { page: 'fax'; details: FaxDetails | null }
  /** /broadcast/{broadcastId}: GET /api/broadcasts/{broadcastId}; null where it answers 404. */
  | { page: 'broadcast'; broadcast: BroadcastView | null }
  /** /dashboard: the plan (GET /api/checkSubscriptionStatus) of a user who has one; null for FREE. */
  | { page: 'dashboard'; subscription: SubscriptionView | null }
  /**
   * /settings?section=…: what the section shown needs, as its calls answer it (the account itself
   * is in the page context): the plan and payments (GET /api/checkSubscriptionStatus,
   * /api/billingHistory), the sign-in history (GET /api/loginHistory), two-step verification (GET /api/secondFactor) and the passkeys (GET /api/passkeys), the addresses for faxes by
   * e-mail (GET /api/faxMailAddresses), the webhook endpoints (GET /api/webhookEndpoints); nothing more for the others.
   */
  | { page: 'settings'; section: 'billing'; subscription: SubscriptionView; billingHistory: BillingHistory }
  | { page: 'settings'; section: 'security'; loginHistory: LoginHistoryEntry[]; secondFactor: SecondFactorStatus; passkeys: PasskeyView[] }
  | { page: 'settings'; section: 'fax-mail'; faxMail: FaxMailSettings }
  | { page: 'settings'; section: 'developers'; apiKeys: ApiKeyView[]; webhookEndpoints: WebhookEndpointView[] }
  | { page: 'settings'; section: 'profile' | 'notifications' | 'appearance' }
  /**
   * /upgrade: the plans (GET /api/options), a signed-in user's own plan (null for a visitor), and
   * the number the caller holds, signed in or not (GET /api/getTempNumberReservation).
   */
  | { page: 'upgrade'; options: OptionsView; subscription: SubscriptionView | null; hold: NumberHoldView | null }
  /** /transaction: the plans, and the number the user holds (GET /api/getTempNumberReservation). */
  | { page: 'transaction'; options: OptionsView; hold: NumberHoldView | null }
  /** /login and /terms: the plans as a visitor is offered them (GET /api/options), for the free pages and the trial they state. */
  | { page: 'offer'; options: OptionsView }
  /** /privacy: the outside services this deployment hands data to, as configured. */
  | { page: 'privacy'; providers: ServiceProvider[] }
  /** /dev/funnel (development only): the funnel per attribution over the last `days` days. */
  | { page: 'devFunnel'; days: number; report: FunnelReport };

export type PageName = PageData['page'];

/** This page's data when the Worker read it for a page of that kind, else null (the island reads it). */
export function pageDataFor<P extends PageName>(data: PageData | null, page: P): Extract<PageData, { page: P }> | null {
  return data?.page === page ? (data as Extract<PageData, { page: P }>) : null;
}
