// Page sizes and turns, with no DOM and no pdf.js: shared by the viewer's parts and unit-tested.

/** Turns the user added on top of the page's own, clockwise. */
export type Rotation = 0 | 90 | 180 | 270;

/** In CSS pixels at 100%. */
export interface PageSize {
  width: number;
  height: number;
}

export function rotateSize(size: PageSize, rotation: Rotation): PageSize {
  return rotation % 180 === 0 ? size : { width: size.height, height: size.width };
}

export function nextRotation(rotation: Rotation): Rotation {
  return ((rotation + 90) % 360) as Rotation;
}
