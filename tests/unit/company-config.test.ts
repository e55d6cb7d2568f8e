import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { toCompanyIdentity } from '../../src/common/company';
import { readConfig } from '../../worker/env';
import { withVars } from '../support/config';

// Who runs the service is configuration (decision 039): the footer, the landing pages, /terms and
// /privacy name the product, the company, its address, where data is stored and how long backups
// keep it. A deployment that left one out would publish terms signed by nobody, so it does not start.

describe('the company identity', () => {
  it('is read from the configuration (wrangler.toml has every value)', () => {
    expect(toCompanyIdentity(readConfig(env))).toEqual({
      productName: 'FaxFlow',
      companyName: 'FaxFlow Example, Inc.',
      companyAddress: '100 Example Street, Suite 200, Springfield, IL 62701, United States',
      dataRegion: 'the United States',
      backupRetentionDays: 30,
    });
    const own = readConfig(
      withVars({ PRODUCT_NAME: ' Faxly ', COMPANY_NAME: 'Faxly GmbH', DATA_REGION: 'the European Union', BACKUP_RETENTION_DAYS: '7' }),
    );
    expect(toCompanyIdentity(own)).toMatchObject({
      productName: 'Faxly',
      companyName: 'Faxly GmbH',
      dataRegion: 'the European Union',
      backupRetentionDays: 7,
    });
  });

  it.each([
    ['PRODUCT_NAME', undefined],
    ['COMPANY_NAME', ''],
    ['COMPANY_ADDRESS', '   '],
    ['DATA_REGION', undefined],
    ['BACKUP_RETENTION_DAYS', 'thirty'],
    ['BACKUP_RETENTION_DAYS', '-1'],
    ['BACKUP_RETENTION_DAYS', '400'],
    ['BACKUP_RETENTION_DAYS', ''],
  ])('is refused when %s is %j, naming it', (name, value) => {
    expect(() => readConfig(withVars({ [name]: value }))).toThrow(new RegExp(name));
  });
});
