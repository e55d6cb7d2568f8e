import { describe, expect, it } from 'vitest';
import {
  isSettingsSection,
  SECTION_OF_ANCHOR,
  SETTINGS_SECTIONS,
  settingsHref,
  settingsSectionOf,
} from '../../src/common/settings-sections';
import { OPEN_ANCHORED_SECTION } from '../../src/components/settings/settings-scripts';

describe('the sections of /settings', () => {
  it.each([
    ['', 'profile'],
    ['section=profile', 'profile'],
    ['section=security', 'security'],
    ['section=billing', 'billing'],
    ['section=notifications', 'notifications'],
    ['section=fax-mail', 'fax-mail'],
    ['section=appearance', 'appearance'],
    ['section=developers', 'developers'],
    ['section=Billing', 'profile'],
    ['section=', 'profile'],
    ['section=__proto__', 'profile'],
    ['confirmEmail=abc', 'security'],
    ['confirmEmail=abc&section=billing', 'billing'],
  ])('?%s shows %s', (search, section) => {
    expect(settingsSectionOf(new URLSearchParams(search))).toBe(section);
  });

  it('has an address for each section that opens it', () => {
    for (const section of SETTINGS_SECTIONS) {
      const href = new URL(settingsHref(section), 'https://faxflow.example');
      expect(href.pathname).toBe('/settings');
      expect(settingsSectionOf(href.searchParams)).toBe(section);
    }
  });

  it.each([
    ['billing', 'billing'],
    ['profile', 'profile'],
    ['email', 'security'],
    ['password', 'security'],
    ['history', 'security'],
    ['sessions', 'security'],
    ['delete-account', 'security'],
    ['fax-mail', 'fax-mail'],
    ['theme', 'appearance'],
  ])('sends an old link to #%s to %s', (anchor, section) => {
    expect(SECTION_OF_ANCHOR[anchor]).toBe(section);
  });

  it('knows its own sections and nothing else', () => {
    expect(SETTINGS_SECTIONS.every(isSettingsSection)).toBe(true);
    expect(isSettingsSection(null)).toBe(false);
    expect(isSettingsSection('toString')).toBe(false);
  });
});

describe('the script that opens the section of an old link', () => {
  /** Runs the script as the page would, at an address, on the section the server rendered. */
  function run(hash: string, rendered: string): string | null {
    let replacedWith: string | null = null;
    const location = { hash, replace: (to: string) => (replacedWith = to) };
    const document = { currentScript: { dataset: { section: rendered } } };
    new Function('location', 'document', OPEN_ANCHORED_SECTION)(location, document);
    return replacedWith;
  }

  it.each([
    ['#billing', 'profile', '/settings?section=billing'],
    ['#password', 'profile', '/settings?section=security#password'],
    ['#password', 'security', null],
    ['#billing', 'billing', null],
    ['', 'profile', null],
    ['#nothing-here', 'profile', null],
    ['#constructor', 'profile', null],
  ])('at %s on %s goes on to %s', (hash, rendered, to) => {
    expect(run(hash, rendered)).toBe(to);
  });
});
