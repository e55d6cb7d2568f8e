const KB = 1024;
const MB = 1024 * 1024;

/** Spec §9: MB above 1 MB ("1.4 MB"), otherwise KB ("312 KB"); a non-empty file is never "0 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes > MB) {
    const mb = bytes / MB;
    return `${mb >= 100 ? Math.round(mb) : Number(mb.toFixed(1))} MB`;
  }
  if (bytes <= 0) return '0 KB';
  return `${Math.max(1, Math.round(bytes / KB))} KB`;
}
