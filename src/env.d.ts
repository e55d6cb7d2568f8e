declare namespace App {
  interface Locals {
    /** The signed-in user, resolved by the Worker before Astro renders (worker/index.ts). */
    viewer: import('./common/viewer').Viewer | null;
    /** Everything the Worker tells pages about this request and the site's configuration. */
    page: import('./common/page-context').PageContext;
    /** The execution context the Worker hands to Astro; its props carry the page context. */
    cfContext?: { props?: { page?: import('./common/page-context').PageContext } };
  }
}

// The Workers runtime module, as far as the site uses it: prerendering (src/middleware.ts) reads
// wrangler.toml's vars from it. Everything else reaches pages through the page context.
declare module 'cloudflare:workers' {
  export const env: Record<string, unknown>;
}

/** The id of the build this page came from (src/integrations/build-id.ts); `dev` under `astro dev`. */
declare const __BUILD_ID__: string;

// The attribution tracker, bundled at build time (src/integrations/inline-attribution.ts).
declare module 'virtual:attribution-script' {
  const code: string;
  export default code;
}

// The script that keeps what is done before hydration (src/integrations/inline-before-hydration.ts).
declare module 'virtual:before-hydration-script' {
  const code: string;
  export default code;
}

/** The address of the icon sprite (src/integrations/icon-sprite.ts): draw an icon with `<use href={`${__ICON_SPRITE__}#name`}>`. */
declare const __ICON_SPRITE__: string;

// The listener behind every copy button (src/integrations/inline-copy-buttons.ts).
declare module 'virtual:copy-buttons-script' {
  const code: string;
  export default code;
}
