// The files inside a TNEF part (`winmail.dat`, application/ms-tnef): Outlook and Exchange wrap a
// mail's attachments in it when they send "rich text", and a mail program that does not read it
// shows one unreadable file. What the sender attached is in there, so a fax by e-mail reads it
// (tests/unit/tnef.test.ts). The format ([MS-OXTNEF]): a signature, then attributes, each
// `level, id, length, data, checksum`; an attachment starts with attAttachRenddata and carries its
// name in attAttachTitle or its MAPI properties, its bytes in attAttachData or PR_ATTACH_DATA_OBJ.

export interface TnefFile {
  /** The long file name when there is one, else the 8.3 title; null when neither is given. */
  filename: string | null;
  content: Uint8Array;
  /** Shown inside the HTML body (a signature's logo: it has a Content-ID, or is hidden), not attached by the sender. */
  inline: boolean;
}

const SIGNATURE = 0x223e9f78;
const ATTACHMENT_LEVEL = 2;
// Attribute ids (the low 16 bits of the attribute tag).
const ATT_ATTACH_RENDDATA = 0x9002;
const ATT_ATTACH_TITLE = 0x8010;
const ATT_ATTACH_DATA = 0x800f;
const ATT_ATTACHMENT = 0x9005;
// MAPI property ids and types of an attachment.
const PR_ATTACH_DATA = 0x3701;
const PR_ATTACH_LONG_FILENAME = 0x3707;
const PR_ATTACH_CONTENT_ID = 0x3712;
const PR_ATTACHMENT_HIDDEN = 0x7ffe;
const PT_STRING8 = 0x1e;
const PT_UNICODE = 0x1f;
const PT_BINARY = 0x102;
const PT_OBJECT = 0x0d;
const MULTI_VALUED = 0x1000;
/** Bytes of a fixed-size MAPI value by its type; variable ones (strings, binary, object) are not here. */
const FIXED_SIZES: Record<number, number> = { 1: 4, 2: 4, 3: 4, 4: 4, 5: 8, 6: 8, 7: 8, 10: 4, 11: 4, 20: 8, 64: 8, 72: 16 };

/** The TNEF is not readable past this point: what was read before stands. */
class TnefEnd extends Error {}

class Cursor {
  private readonly view: DataView;
  constructor(
    readonly bytes: Uint8Array,
    public at = 0,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(length: number): void {
    if (length < 0 || this.at + length > this.bytes.byteLength) throw new TnefEnd();
  }
  u8(): number {
    this.need(1);
    return this.view.getUint8(this.at++);
  }
  u16(): number {
    this.need(2);
    const value = this.view.getUint16(this.at, true);
    this.at += 2;
    return value;
  }
  u32(): number {
    this.need(4);
    const value = this.view.getUint32(this.at, true);
    this.at += 4;
    return value;
  }
  take(length: number): Uint8Array {
    this.need(length);
    const bytes = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return bytes;
  }
}

/** Whether the bytes are a TNEF stream (its signature), whatever the part was called. */
export function isTnef(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 6 && new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true) === SIGNATURE;
}

function text(bytes: Uint8Array, type: number): string {
  const decoded = new TextDecoder(type === PT_UNICODE ? 'utf-16le' : 'windows-1252').decode(bytes);
  return decoded.replace(/\0+$/, '').trim();
}

/** The name and bytes an attachment's MAPI properties (attAttachment) give it. */
function readProperties(data: Uint8Array, file: TnefFile): void {
  const cursor = new Cursor(data);
  const count = cursor.u32();
  for (let i = 0; i < count; i++) {
    const type = cursor.u16();
    const id = cursor.u16();
    if (id >= 0x8000) {
      cursor.take(16); // the named property's GUID
      if (cursor.u32() === 0) cursor.u32();
      else cursor.take((cursor.u32() + 3) & ~3);
    }
    const base = type & ~MULTI_VALUED;
    const fixed = FIXED_SIZES[base];
    if (fixed !== undefined) {
      const values = type & MULTI_VALUED ? cursor.u32() : 1;
      const value = cursor.take(fixed * values);
      if (id === PR_ATTACHMENT_HIDDEN && value[0]) file.inline = true;
      continue;
    }
    if (![PT_STRING8, PT_UNICODE, PT_BINARY, PT_OBJECT].includes(base)) throw new TnefEnd();
    const values = cursor.u32();
    for (let v = 0; v < values; v++) {
      const length = cursor.u32();
      const value = cursor.take(length);
      cursor.take(((length + 3) & ~3) - length);
      if (id === PR_ATTACH_CONTENT_ID && length > 1) file.inline = true;
      if (id === PR_ATTACH_LONG_FILENAME && (base === PT_STRING8 || base === PT_UNICODE))
        file.filename = text(value, base) || file.filename;
      // An attached file's object starts with the 16-byte id of its interface.
      if (id === PR_ATTACH_DATA && file.content.byteLength === 0) file.content = base === PT_OBJECT ? value.subarray(16) : value;
    }
  }
}

/** Every file attached inside a TNEF stream, in order; what cannot be read ends the list, never throws. */
export function readTnefFiles(bytes: Uint8Array): TnefFile[] {
  if (!isTnef(bytes)) return [];
  const files: TnefFile[] = [];
  const cursor = new Cursor(bytes, 6);
  try {
    while (cursor.at < bytes.byteLength) {
      const level = cursor.u8();
      const id = cursor.u32() & 0xffff;
      const data = cursor.take(cursor.u32());
      cursor.u16(); // checksum
      if (level !== ATTACHMENT_LEVEL) continue;
      if (id === ATT_ATTACH_RENDDATA) files.push({ filename: null, content: new Uint8Array(0), inline: false });
      const file = files.at(-1);
      if (!file) continue;
      if (id === ATT_ATTACH_TITLE) file.filename ??= text(data, PT_STRING8) || null;
      else if (id === ATT_ATTACH_DATA) file.content = data;
      else if (id === ATT_ATTACHMENT) readProperties(data, file);
    }
  } catch (error) {
    if (!(error instanceof TnefEnd)) throw error;
  }
  return files.filter((file) => file.content.byteLength > 0);
}
