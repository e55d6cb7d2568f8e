import { describe, expect, it } from 'vitest';
import { faxIdValue } from '../../src/common/fax-id';
import { faxIdOwner, isLegacyFaxId, newFaxId } from '../../worker/crypto/fax-id';
import { inboundFaxId } from '../../worker/receive/inbound-fax-id';

// A fax id names its owner's store and nothing else can be made to (decision 042).
const SECRET = 's'.repeat(64);
const OWNER = '0b6c3a52-8f0e-4d6a-9c55-2f1f0d8e7a11';
const OTHER = '7d1e6f40-3c2b-4a19-8e77-5b0a9c4d2e63';

function flipAt(id: string, index: number): string {
  const swapped = id[index] === 'A' ? 'B' : 'A';
  return `${id.slice(0, index)}${swapped}${id.slice(index + 1)}`;
}

describe('a fax id', () => {
  it('names its owner, and passes where the API checks fax ids', async () => {
    const id = await newFaxId(SECRET, OWNER);
    expect(await faxIdOwner(SECRET, id)).toBe(OWNER);
    expect(faxIdValue.safeParse(id).success).toBe(true);
    expect(isLegacyFaxId(id)).toBe(false);
  });

  it('is new every time', async () => {
    expect(await newFaxId(SECRET, OWNER)).not.toBe(await newFaxId(SECRET, OWNER));
  });

  it('names nobody when any character is changed, or with another secret', async () => {
    const id = await newFaxId(SECRET, OWNER);
    for (const index of [0, 3, 10, 30, 40, 54]) expect(await faxIdOwner(SECRET, flipAt(id, index))).toBeNull();
    // The last character's two spare bits too: each of the four ways of writing it but ours.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(id[54]!);
    for (let spare = 0; spare < 4; spare++) {
      const other = (last & ~3) | spare;
      if (other === last) continue;
      const written = `${id.slice(0, 54)}${'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[other]}`;
      expect(await faxIdOwner(SECRET, written)).toBeNull();
    }
    expect(await faxIdOwner('t'.repeat(64), id)).toBeNull();
  });

  it('cannot be re-pointed at another user by swapping the owner part', async () => {
    const mine = await newFaxId(SECRET, OWNER);
    const theirs = await newFaxId(SECRET, OTHER);
    // The owner is in characters 1..22; the MAC of one id does not cover the other's owner.
    const spliced = `${theirs.slice(0, 22)}${mine.slice(22)}`;
    expect(await faxIdOwner(SECRET, spliced)).toBeNull();
  });

  it('of the time before (a UUID) names nobody by itself and is still a fax id', async () => {
    const old = crypto.randomUUID();
    expect(await faxIdOwner(SECRET, old)).toBeNull();
    expect(isLegacyFaxId(old)).toBe(true);
    expect(faxIdValue.safeParse(old).success).toBe(true);
    expect(faxIdValue.safeParse('../etc/passwd').success).toBe(false);
  });
});

describe('the fax id of an incoming call', () => {
  it('is the same for the same call, every time, and names the number’s owner', async () => {
    const id = await inboundFaxId(SECRET, 'telnyx', 'b9a6c2f1-0000-4000-8000-000000000001', OWNER);
    expect(await inboundFaxId(SECRET, 'telnyx', 'b9a6c2f1-0000-4000-8000-000000000001', OWNER)).toBe(id);
    expect(await faxIdOwner(SECRET, id)).toBe(OWNER);
  });

  it('differs between calls and between carriers', async () => {
    const ids = new Set([
      await inboundFaxId(SECRET, 'telnyx', 'a', OWNER),
      await inboundFaxId(SECRET, 'telnyx', 'b', OWNER),
      await inboundFaxId(SECRET, 'loopback', 'a', OWNER),
    ]);
    expect(ids.size).toBe(3);
  });
});
