// One Lucide icon as a <symbol>: its drawing, without the <svg> around it, its presentation
// attributes or its licence comment (the sprite and the landing pages' inline sheet carry one notice).
export function symbolFromSvg(id: string, svg: string): string {
  const inner = svg
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/\s*\n\s*/g, '');
  return `<symbol id="${id}" viewBox="0 0 24 24">${inner}</symbol>`;
}
