import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inboundFaxId } from '../../worker/receive/inbound-fax-id';

// Every event of one carrier call names the same fax, and that id passes where fax ids are checked.
describe('the fax id of an incoming call', () => {
  it('is the same for the same call, every time', async () => {
    expect(await inboundFaxId('telnyx', 'b9a6c2f1-0000-4000-8000-000000000001')).toBe(
      await inboundFaxId('telnyx', 'b9a6c2f1-0000-4000-8000-000000000001'),
    );
  });

  it('differs between calls and between carriers', async () => {
    const ids = new Set([await inboundFaxId('telnyx', 'a'), await inboundFaxId('telnyx', 'b'), await inboundFaxId('loopback', 'a')]);
    expect(ids.size).toBe(3);
  });

  it('is a version-8 UUID that the API accepts as a fax id', async () => {
    const id = await inboundFaxId('loopback', 'call-1-in');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(id).success).toBe(true);
  });
});
