// Decompression bombs against the running product (docs/security.md): a 10000 × 10000 PNG and
// a PDF holding a 200 MB deflate stream, each a few hundred KB, uploaded as a signed-in user while
// the server's workerd processes are sampled every 20 ms (resident memory from /proc). Prints the
// answer and how far memory rose above where it stood before the upload; a deployed Worker has
// 128 MB for everything. Figures only.
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
import { signUp } from './bench-accounts.mjs';
import { workerdRss } from './server-watch.mjs';

/** A real PNG of `side` × `side` grey pixels, all zero: the IDAT inflates to side × (side + 1) bytes. */
function pngBomb(side) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const pixels = deflateSync(Buffer.alloc(side * (side + 1)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF that also holds `megabytes` MB of zeros in one deflate stream. */
async function pdfBomb(megabytes) {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  const bomb = deflateSync(Buffer.alloc(megabytes * 1024 * 1024), { level: 9 });
  pdf.context.register(PDFRawStream.of(pdf.context.obj({ Filter: 'FlateDecode', Length: bomb.length }), bomb));
  return pdf.save({ useObjectStreams: false });
}

async function uploadWatching(base, headers, serverPid, name, type, bytes) {
  const before = workerdRss(serverPid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, workerdRss(serverPid));
  }, 20);
  const started = performance.now();
  const form = new FormData();
  form.set('file', new Blob([bytes], { type }), name);
  const response = await fetch(`${base}/api/files`, { method: 'POST', headers: { origin: base, cookie: headers.cookie }, body: form });
  const body = await response.json().catch(() => ({}));
  const ms = performance.now() - started;
  // Whatever the refusal left running is counted too.
  await new Promise((resolve) => setTimeout(resolve, 300));
  clearInterval(sampler);
  peak = Math.max(peak, workerdRss(serverPid));
  const mb = (n) => (n / (1024 * 1024)).toFixed(0);
  return `${(bytes.byteLength / 1024).toFixed(0)} KB → ${response.status} ${body.error?.code ?? ''} in ${ms.toFixed(0)} ms · workerd ${mb(before)} MB before, peak +${mb(peak - before)} MB`;
}

/** @returns {Promise<Array<[string, string]>>} benchmark rows */
export async function benchDocumentBombs(base, serverPid) {
  const headers = await signUp(base, 'bombs');
  return [
    [
      'bomb: PNG 10000 × 10000 (100 MB of pixels)',
      await uploadWatching(base, headers, serverPid, 'bomb.png', 'image/png', pngBomb(10_000)),
    ],
    [
      'bomb: PDF with a 200 MB deflate stream',
      await uploadWatching(base, headers, serverPid, 'bomb.pdf', 'application/pdf', await pdfBomb(200)),
    ],
  ];
}
