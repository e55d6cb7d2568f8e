import { z } from 'zod';
import { companyVarsSchema } from '../src/common/company';
import { DEFAULT_MAX_DOCUMENT_BYTES, DEFAULT_MAX_FAX_PAGES } from '../src/common/faxes';

// Configuration read from the environment, validated once per isolate. Bindings (DB, DOCUMENTS,
// USER_HUB, ACCOUNT_JOBS) come typed from `wrangler types`; this covers vars and secrets.
declare global {
  namespace Cloudflare {
    interface Env {
      /** Secret: signs the short-lived customToken that opens /api/live. */
      LIVE_TOKEN_SECRET: string;
      /** Secret: signs the fax's owner into the state a carrier echoes with every event (carrier/attempt-ref.ts). */
      FAX_REFERENCE_SECRET: string;
      /** Secret: seals authenticator-app secrets at rest (AES-256-GCM), base64 of 32 random bytes. */
      SECOND_FACTOR_KEY: string;
      /** Secret: the MAC in every fax id that names its owner's store (fax/fax-id.ts). Never changed once set. */
      FAX_ID_SECRET: string;
      /** `on` enables /dev pages, the local Google stand-in and devAccountDelete. Never in production. */
      DEV_TOOLS?: string;
      /** `on` lets outgoing webhooks go to http://localhost:<port> (local development and tests). Never in production. */
      WEBHOOK_ALLOW_LOCAL_HTTP?: string;
      /** `name=ip,…`: outgoing webhooks' host names resolve from this list instead of DNS-over-HTTPS. Never in production. */
      WEBHOOK_DNS_HOSTS?: string;
      /** Secret (dev only): the private JWK the local Google stand-in signs ID tokens with. */
      DEV_GOOGLE_PRIVATE_JWK?: string;
      /** Secret: API key of the production mail provider (MAIL_PROVIDER=resend). */
      RESEND_API_KEY?: string;
      /** Binding (`[[send_email]]` in wrangler.toml): Cloudflare Email Service (MAIL_PROVIDER=cloudflare). */
      SEND_EMAIL?: SendEmail;
      /** The domain of fax addresses: a mail to <number>@FAX_MAIL_DOMAIN is faxed (unset: fax by e-mail is off). */
      FAX_MAIL_DOMAIN?: string;
      /** The authserv-id of the receiving mail server whose Authentication-Results header is trusted. */
      FAX_MAIL_AUTHSERV_ID?: string;
      /** Test runs only: `fast-for-tests` hashes new passwords with a low scrypt work factor (worker/auth/password.ts). */
      PASSWORD_HASHING?: string;
      /** Test runs only: multiplies every abuse limit. */
      RATE_LIMIT_MULTIPLIER?: string;
      /** Minutes a number hold lasts (default 15). */
      NUMBER_HOLD_MINUTES?: string;
      /** Loopback carrier: milliseconds each page takes to transmit (0 in tests). */
      LOOPBACK_MS_PER_PAGE?: string;
      /** Seconds before the first automatic retry of a busy / unanswered fax; later ones grow. */
      FAX_RETRY_BASE_SECONDS?: string;
      /** Largest document accepted, in bytes (the carrier's limit, 50 MiB). */
      MAX_DOCUMENT_BYTES?: string;
      /** Most pages one fax may have, cover page included (the carrier's limit, 350). */
      MAX_FAX_PAGES?: string;
      /** E.164 caller id used for anonymous faxes and for users without their own number. */
      FAX_SENDER_NUMBER?: string;
      /** Secret (local only): private Ed25519 JWK the loopback carrier signs its webhooks with. */
      LOOPBACK_SIGNING_KEY?: string;
      /** Secret: Telnyx API v2 key (CARRIER=telnyx). */
      TELNYX_API_KEY?: string;
      /** Telnyx Programmable Fax application (connection) id (CARRIER=telnyx). */
      TELNYX_CONNECTION_ID?: string;
      /** Telnyx's webhook public key, base64 of the raw 32-byte Ed25519 key (Mission Control, Keys & Credentials). */
      TELNYX_PUBLIC_KEY?: string;
      /** Absolute https origin the carrier reaches this Worker at (media and webhook URLs). */
      PUBLIC_ORIGIN?: string;
      /** Secret: signs the short-lived URLs a carrier fetches a fax's PDF from. */
      FAX_MEDIA_SECRET?: string;
      /** Hosts a received fax's media link may lead to, comma-separated (`.name`: any host under name). */
      CARRIER_MEDIA_HOSTS?: string;
      /** Card processor: `local` (default; test cards, README) or `stripe`. */
      PAYMENT_PROCESSOR?: string;
      /** Secret: Stripe API secret key, `sk_…` (PAYMENT_PROCESSOR=stripe). */
      STRIPE_SECRET_KEY?: string;
      /** Stripe publishable key, `pk_…` (PAYMENT_PROCESSOR=stripe): public, Stripe Elements on /transaction uses it. */
      STRIPE_PUBLISHABLE_KEY?: string;
      /** Secret: signing secret of the Stripe webhook endpoint, `whsec_…` (PAYMENT_PROCESSOR=stripe). */
      STRIPE_WEBHOOK_SECRET?: string;
      /** Secret (local only): signs the local processor's payment webhooks (npm start writes one). */
      LOCAL_PAYMENTS_WEBHOOK_SECRET?: string;
      /** Local only: where GET /api/attribution says the visitor is, `country,state,city` (e.g. `US,CA,San Francisco`). */
      LOCAL_GEO?: string;
    }
  }
}

const list = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string()).min(1));

/** `US,CA,San Francisco` → its parts; an empty part is null. */
function parseLocalGeo(value: string): { countryCode: string; stateCode: string | null; city: string | null } {
  const [countryCode = '', stateCode = '', city = ''] = value.split(',').map((part) => part.trim());
  return { countryCode, stateCode: stateCode || null, city: city || null };
}

/** The caller id of a local run: a fictional number (555), never dialled from anywhere real. */
const LOCAL_SENDER_NUMBER = '+18005550100';

/** A North American number of the 555 exchange: fictional (555-01xx) or not anyone's fax line. */
function isFictionalNumber(e164: string): boolean {
  return /^\+1\d{3}555\d{4}$/.test(e164);
}

const configSchema = z
  .object({
    APP_ENV: z.enum(['development', 'test', 'production']),
    LIVE_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters'),
    FAX_REFERENCE_SECRET: z.string().min(32, 'must be at least 32 characters'),
    // A wrong key would make every authenticator app's secret unreadable: refused before anything is served.
    SECOND_FACTOR_KEY: z.string().regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 random bytes in base64 (openssl rand -base64 32)'),
    FAX_ID_SECRET: z.string().min(32, 'must be at least 32 characters'),
    DEV_TOOLS: z
      .enum(['on', 'off'])
      .default('off')
      .transform((value) => value === 'on'),
    // Outgoing webhooks (decision 047): http://localhost:<port> allowed, and a fixed list of names
    // instead of DNS-over-HTTPS, for local runs and tests only (no internet there).
    WEBHOOK_ALLOW_LOCAL_HTTP: z
      .enum(['on', 'off'])
      .default('off')
      .transform((value) => value === 'on'),
    WEBHOOK_DNS_HOSTS: z
      .string()
      .regex(/^([a-z0-9.-]+=[0-9a-f.:]+)(,[a-z0-9.-]+=[0-9a-f.:]+)*$/i, 'must be name=ip,name=ip')
      .transform((value) => new Map(value.split(',').map((pair) => pair.split('=') as [string, string])))
      .optional(),
    GOOGLE_CLIENT_ID: z.string().min(1, 'is required (the OAuth client id of the Google sign-in button)'),
    // An absolute URL, or a path served by this Worker (the local stand-in, /dev/google/certs).
    GOOGLE_JWKS_URL: z.union([z.url(), z.string().regex(/^\/[\w/.-]+$/)]),
    GOOGLE_ISSUERS: list,
    DEV_GOOGLE_PRIVATE_JWK: z.string().optional(),
    MAIL_PROVIDER: z.enum(['outbox', 'resend', 'cloudflare']),
    MAIL_FROM: z.string().min(3),
    // Every "contact us" the site says points here (the footer of every page, the messages).
    SUPPORT_EMAIL: z.email('must be an e-mail address (where users write for help)'),
    // Who runs the service (the footer, the landing pages, /terms and /privacy say it).
    ...companyVarsSchema.shape,
    RESEND_API_KEY: z.string().optional(),
    SEND_EMAIL: z.custom<SendEmail>((value) => typeof value === 'object' && value !== null && 'send' in value).optional(),
    // Fax by e-mail (decision 028): the domain whose <number>@ addresses Email Routing hands to the
    // Worker, and the receiving server (its authserv-id) whose sender checks are believed.
    FAX_MAIL_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, 'must be a domain name, e.g. fax.example.com')
      .optional(),
    FAX_MAIL_AUTHSERV_ID: z.string().trim().toLowerCase().min(1).max(253).default('mx.cloudflare.net'),
    // Raises every abuse limit n-fold: for the browser tests, whose many sign-ups all come from one
    // address. Refused in production.
    RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
    // The work factor of new password hashes: `fast-for-tests` only for the test suites, whose
    // thousands of sign-ups and sign-ins would otherwise spend most of their time in scrypt.
    PASSWORD_HASHING: z.enum(['standard', 'fast-for-tests']).default('standard'),
    // How long a number stays held for someone who has not finished signing up or paying.
    NUMBER_HOLD_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    CARRIER: z.enum(['loopback', 'telnyx']).default('loopback'),
    LOOPBACK_MS_PER_PAGE: z.coerce.number().int().min(0).max(120_000).default(3000),
    FAX_RETRY_BASE_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
    MAX_DOCUMENT_BYTES: z.coerce.number().int().min(1024).max(DEFAULT_MAX_DOCUMENT_BYTES).default(DEFAULT_MAX_DOCUMENT_BYTES),
    MAX_FAX_PAGES: z.coerce.number().int().min(1).max(DEFAULT_MAX_FAX_PAGES).default(DEFAULT_MAX_FAX_PAGES),
    FAX_SENDER_NUMBER: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be E.164')
      .default(LOCAL_SENDER_NUMBER),
    LOOPBACK_SIGNING_KEY: z.string().optional(),
    TELNYX_API_KEY: z.string().min(1).optional(),
    TELNYX_CONNECTION_ID: z.string().min(1).optional(),
    // Ed25519's raw 32 bytes in base64, as Mission Control shows it: a mistyped key would make
    // every webhook fail its signature check, so it is refused before anything is served.
    TELNYX_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be the base64 Ed25519 public key from Mission Control (44 characters ending in =)')
      .optional(),
    PUBLIC_ORIGIN: z.url().optional(),
    FAX_MEDIA_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // Hosts a received fax's media link may point at, redirects included: `name` is that host
    // only, `.name` any host under it. Telnyx hands out links to its own storage on Amazon S3.
    CARRIER_MEDIA_HOSTS: z
      .string()
      .default('s3.amazonaws.com,.s3.amazonaws.com,.telnyx.com')
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
    PAYMENT_PROCESSOR: z.enum(['local', 'stripe']).default('local'),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional(),
    LOCAL_PAYMENTS_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // Stands in for Cloudflare's geolocation (request.cf) where there is none: locally, miniflare's
    // request.cf is a fixed placeholder (Austin, Texas) whatever the visitor. Refused in production.
    LOCAL_GEO: z
      .string()
      .regex(/^[A-Z]{2,3}(,[^,]{0,10}(,.{0,100})?)?$/, 'must be country,state,city, e.g. US,CA,San Francisco')
      .transform(parseLocalGeo)
      .optional(),
  })
  .superRefine((config, ctx) => {
    if (config.RATE_LIMIT_MULTIPLIER !== 1 && config.APP_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['RATE_LIMIT_MULTIPLIER'], message: 'must be 1 in production' });
    }
    if (config.PASSWORD_HASHING !== 'standard' && config.APP_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASHING'], message: 'must be standard in production' });
    }
    if (config.APP_ENV === 'production' && isFictionalNumber(config.FAX_SENDER_NUMBER)) {
      ctx.addIssue({
        code: 'custom',
        path: ['FAX_SENDER_NUMBER'],
        message:
          'must be a real fax number of yours on the carrier in production (the caller id of faxes from users without a number of their own); 555 numbers are fictional',
      });
    }
    if (config.CARRIER === 'loopback' && config.APP_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['CARRIER'], message: 'must be a real carrier in production' });
    }
    if (config.LOCAL_GEO && config.APP_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['LOCAL_GEO'], message: 'must be unset in production (request.cf tells where visitors are)' });
    }
    if (config.WEBHOOK_ALLOW_LOCAL_HTTP && config.APP_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOK_ALLOW_LOCAL_HTTP'],
        message: 'must be off in production (webhooks go over https only)',
      });
    }
    if (config.WEBHOOK_DNS_HOSTS && config.APP_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOK_DNS_HOSTS'],
        message: 'must be unset in production (names resolve through DNS-over-HTTPS)',
      });
    }
    if (config.DEV_TOOLS && config.APP_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['DEV_TOOLS'], message: 'must be off in production' });
    }
    if (config.MAIL_PROVIDER === 'resend' && !config.RESEND_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['RESEND_API_KEY'], message: 'is required when MAIL_PROVIDER=resend' });
    }
    if (config.MAIL_PROVIDER === 'cloudflare' && !config.SEND_EMAIL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEND_EMAIL'],
        message: 'a [[send_email]] binding named SEND_EMAIL is required when MAIL_PROVIDER=cloudflare',
      });
    }
    if (config.CARRIER === 'loopback' && !config.LOOPBACK_SIGNING_KEY) {
      ctx.addIssue({ code: 'custom', path: ['LOOPBACK_SIGNING_KEY'], message: 'is required when CARRIER=loopback (npm start writes one)' });
    }
    if (config.CARRIER === 'telnyx') {
      for (const key of ['TELNYX_API_KEY', 'TELNYX_CONNECTION_ID', 'TELNYX_PUBLIC_KEY', 'PUBLIC_ORIGIN', 'FAX_MEDIA_SECRET'] as const) {
        if (!config[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when CARRIER=telnyx' });
      }
    }
    if (config.PAYMENT_PROCESSOR === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const) {
        if (!config[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROCESSOR=stripe' });
      }
    }
    // Links in mails are built on it, never on the request's Host, which whoever sends the request chooses.
    if (!config.PUBLIC_ORIGIN && config.APP_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'is required in production (links in mails point there)' });
    }
    if (config.PUBLIC_ORIGIN && config.APP_ENV === 'production' && !config.PUBLIC_ORIGIN.startsWith('https://')) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'must be an https origin in production' });
    }
    if (config.GOOGLE_JWKS_URL.startsWith('/') && !(config.DEV_TOOLS && config.DEV_GOOGLE_PRIVATE_JWK)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_JWKS_URL'],
        message: 'a local JWKS path needs DEV_TOOLS=on and DEV_GOOGLE_PRIVATE_JWK',
      });
    }
  });

export type AppConfig = z.infer<typeof configSchema>;

let cached: { env: Env; config: AppConfig } | null = null;

/** The validated configuration; throws with every problem listed when it is incomplete. */
export function readConfig(env: Env): AppConfig {
  if (cached?.env === env) return cached.config;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}. See README.md "Configuration".`);
  }
  cached = { env, config: parsed.data };
  return parsed.data;
}
