// The sections of /settings (decision 035), each at its own address, /settings?section=<id>. The
// server renders a section with its own data only (worker/pages/settings.ts) and the page ships
// only that section's island (src/pages/settings.astro), so each section is a page of its own.

export const SETTINGS_SECTIONS = ['profile', 'security', 'billing', 'notifications', 'fax-mail', 'developers', 'appearance'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/**
 * The cards an old link names by its anchor (/settings#billing, from the dashboard; #password from
 * before there were sections), by the section that holds them now. A section's own id names it too.
 */
export const SECTION_OF_ANCHOR: Readonly<Record<string, SettingsSection>> = {
  email: 'security',
  password: 'security',
  history: 'security',
  sessions: 'security',
  'delete-account': 'security',
  theme: 'appearance',
  ...Object.fromEntries(SETTINGS_SECTIONS.map((section) => [section, section])),
};

export function isSettingsSection(value: string | null): value is SettingsSection {
  return (SETTINGS_SECTIONS as readonly string[]).includes(value ?? '');
}

/**
 * The section an address of /settings shows: the one it names, else Security for the e-mail
 * change's mailed link (/settings?confirmEmail=…), else Profile.
 */
export function settingsSectionOf(search: URLSearchParams): SettingsSection {
  const named = search.get('section');
  if (isSettingsSection(named)) return named;
  return search.has('confirmEmail') ? 'security' : 'profile';
}

/** The address of a section. */
export function settingsHref(section: SettingsSection): string {
  return `/settings?section=${section}`;
}
