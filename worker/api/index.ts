import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { accountApi } from './account';
import { accountDeletionApi } from './account-deletion';
import { apiKeysApi } from './api-keys';
import { attributionApi } from './attribution';
import { authApi } from './auth';
import { billingApi } from './billing';
import { contactFilesApi } from './contact-files';
import { contactsApi } from './contacts';
import { coverPagesApi } from './cover-pages';
import { credentialsApi } from './credentials';
import { devGoogleApi } from './dev-google';
import { devOutboxApi } from './dev-outbox';
import { emailChangeApi } from './email-change';
import { emailVerificationApi } from './email-verification';
import { faxMailApi } from './fax-mail';
import { faxMediaApi } from './fax-media';
import { faxesApi } from './faxes';
import { filesApi } from './files';
import { funnelApi } from './funnel';
import { liveApi } from './live';
import { numbersApi } from './numbers';
import { optionsApi } from './options';
import { passkeysApi } from './passkeys';
import { paymentWebhooksApi } from './payment-webhooks';
import { pingApi } from './ping';
import { receivedFaxesApi } from './received-faxes';
import { recoveryApi } from './recovery';
import { secondFactorApi } from './second-factor';
import { sendFaxApi } from './send-fax';
import { sendManyApi } from './send-many';
import { signInLinkApi } from './sign-in-link';
import { trashApi } from './trash';
import { uploadsApi } from './uploads';
import { webhookEndpointsApi } from './webhook-endpoints';
import { webhooksApi } from './webhooks';

/** Every /api route, chained so the browser's typed client (worker/api/client.ts, decision 020) sees them all. */
export const api = new Hono<AppEnv>()
  .route('/', authApi)
  .route('/', accountApi)
  .route('/', accountDeletionApi)
  .route('/', attributionApi)
  .route('/', funnelApi)
  .route('/', credentialsApi)
  .route('/', emailChangeApi)
  .route('/', emailVerificationApi)
  .route('/', recoveryApi)
  .route('/', signInLinkApi)
  .route('/', secondFactorApi)
  .route('/', passkeysApi)
  .route('/', apiKeysApi)
  .route('/', liveApi)
  .route('/', numbersApi)
  .route('/', optionsApi)
  .route('/', pingApi)
  .route('/', billingApi)
  .route('/', filesApi)
  .route('/', uploadsApi)
  .route('/', coverPagesApi)
  .route('/', sendFaxApi)
  .route('/', sendManyApi)
  .route('/', faxesApi)
  .route('/', receivedFaxesApi)
  .route('/', faxMailApi)
  .route('/', trashApi)
  .route('/', contactsApi)
  .route('/', contactFilesApi)
  .route('/', webhookEndpointsApi)
  .route('/', webhooksApi)
  .route('/', paymentWebhooksApi)
  .route('/', faxMediaApi)
  .route('/', devGoogleApi)
  .route('/', devOutboxApi);

export type AppType = typeof api;
