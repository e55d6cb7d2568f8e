import { z } from 'zod';

// Who runs the service, from configuration (README "Configuration"): the product's name, the
// company behind it, its postal address, where data is stored and how long backups keep it.
// Pages show these (the footer, the landing pages, /terms, /privacy) instead of constants, so a
// deployment says who it is. One schema for both readers: the Worker's configuration check
// (worker/env.ts) and the build of prerendered pages (src/middleware.ts).

const line = (what: string) => z.string().trim().min(1, `is required (${what})`).max(200);

export const companyVarsSchema = z.object({
  PRODUCT_NAME: line('the name of the service people see'),
  COMPANY_NAME: line('the legal entity that runs the service'),
  COMPANY_ADDRESS: line('its postal address, on one line'),
  // Ends a sentence: "Documents and account data are stored in the United States."
  DATA_REGION: line('where documents and account data are stored, e.g. "the United States"'),
  // D1's Time Travel keeps a database's past states 30 days (7 on the Workers Free plan): deleted
  // data is gone from the service at once, from those backups after this many days.
  BACKUP_RETENTION_DAYS: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a number of days, e.g. 30')
    .transform(Number)
    .pipe(z.number().max(365, 'must be at most 365 days')),
});

type CompanyVars = z.infer<typeof companyVarsSchema>;

export interface CompanyIdentity {
  /** PRODUCT_NAME: the service's name as people see it ("FaxFlow"). */
  productName: string;
  /** COMPANY_NAME: the legal entity that runs it and signs the terms. */
  companyName: string;
  /** COMPANY_ADDRESS: its postal address, on one line. */
  companyAddress: string;
  /** DATA_REGION: where documents and account data are stored, as a sentence ends it. */
  dataRegion: string;
  /** BACKUP_RETENTION_DAYS: how long the database's backups keep data deleted from the service. */
  backupRetentionDays: number;
}

export function toCompanyIdentity(vars: CompanyVars): CompanyIdentity {
  return {
    productName: vars.PRODUCT_NAME,
    companyName: vars.COMPANY_NAME,
    companyAddress: vars.COMPANY_ADDRESS,
    dataRegion: vars.DATA_REGION,
    backupRetentionDays: vars.BACKUP_RETENTION_DAYS,
  };
}

/**
 * The outside services a deployment may hand data to, as its configuration picks them: /privacy
 * names each one in use (Cloudflare always: it runs the Worker, D1, R2 and the Durable Objects).
 */
export const SERVICE_PROVIDERS = ['cloudflare', 'telnyx', 'stripe', 'resend', 'cloudflareEmail', 'google'] as const;
export type ServiceProvider = (typeof SERVICE_PROVIDERS)[number];
