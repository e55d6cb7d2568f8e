import { SECTION_OF_ANCHOR } from '../../common/settings-sections';

// The two scripts /settings writes into the page (src/pages/settings.astro): each must run before
// the page is first painted, which a module script, run once the whole page is parsed, does not.

/**
 * An old link to a card (/settings#billing, #password) opens the section that holds it: the server
 * never sees the anchor, so the page, before showing the section it was asked for, goes on to the
 * right one. Stands before the section, with `data-section` naming the one rendered.
 */
export const OPEN_ANCHORED_SECTION = `(()=>{const m=${JSON.stringify(SECTION_OF_ANCHOR)},a=location.hash.slice(1),s=Object.hasOwn(m,a)?m[a]:null;if(s&&s!==document.currentScript.dataset.section)location.replace("/settings?section="+s+(a===s?"":"#"+a))})()`;

/**
 * On a phone the section menu is a row that scrolls sideways: it opens scrolled to the section
 * shown, even the last. Stands right after the menu.
 */
export const SCROLL_TO_CURRENT_SECTION = `(()=>{const r=document.currentScript.previousElementSibling.querySelector("ul"),a=r&&r.querySelector("[aria-current]");if(a&&r.scrollWidth>r.clientWidth)r.scrollLeft=a.offsetLeft-(r.clientWidth-a.offsetWidth)/2})()`;
