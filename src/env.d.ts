declare namespace App {
  interface Locals {
    /** The signed-in user, resolved by the Worker before Astro renders (worker/index.ts). */
    viewer: import('./common/viewer').Viewer | null;
    /** The execution context the Worker hands to Astro; its props carry the viewer. */
    cfContext?: { props?: { viewer?: import('./common/viewer').Viewer | null } };
  }
}
