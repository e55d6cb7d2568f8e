import { PDFDocument, StandardFonts } from 'pdf-lib';
import { savePdf } from './pdf-text';

// The PDF of a test fax received in the sandbox (decision 048): US Letter pages that say what they
// are, so nobody takes one for a real fax.

export async function sandboxFaxPdf(pages: number, from: string, at: Date): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let i = 1; i <= pages; i++) {
    const page = pdf.addPage([612, 792]);
    page.drawText('Sandbox test fax', { x: 72, y: 700, size: 28, font: bold });
    page.drawText(`Page ${i} of ${pages}`, { x: 72, y: 660, size: 14, font });
    page.drawText(`From ${from}, ${at.toISOString()}`, { x: 72, y: 636, size: 12, font });
    page.drawText('Made by a test API key: nothing was dialled and nothing was charged.', { x: 72, y: 600, size: 12, font });
  }
  return savePdf(pdf);
}
