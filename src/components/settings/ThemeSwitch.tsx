import settingsMessages from 'virtual:messages/settings';
import { useState } from 'react';
import { THEMES, type Theme, themeCookie } from '../../common/theme';
import { translator } from '../../i18n/translator';
import type { IconName } from '../../icons/icon-names';
import Icon from '../icons/Icon';

const t = translator({ settings: settingsMessages });

const ICONS: Record<Theme, IconName> = { system: 'monitor', light: 'sun', dark: 'moon' };

/**
 * Light, dark or as the device says: applied at once (tokens.css follows <html data-theme>, the
 * system without it; the colour-scheme meta tells the browser's own controls the same) and kept
 * in the `theme` cookie, so the server renders the next pages so and nothing flashes.
 */
export default function ThemeSwitch({ theme: rendered }: { theme: Theme }) {
  const [theme, setTheme] = useState(rendered);

  function choose(next: Theme): void {
    setTheme(next);
    const root = document.documentElement;
    if (next === 'system') delete root.dataset.theme;
    else root.dataset.theme = next;
    document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', next === 'system' ? 'light dark' : next);
    // biome-ignore lint/suspicious/noDocumentCookie: one plain write; the Cookie Store API is missing from older Safari and Firefox
    document.cookie = themeCookie(next, location.protocol === 'https:');
  }

  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{t('settings.themeHeading')}</legend>
      {THEMES.map((choice) => (
        <label key={choice}>
          <input type="radio" name="theme" value={choice} checked={theme === choice} onChange={() => choose(choice)} />
          <Icon name={ICONS[choice]} />
          <span>{t(`settings.themeNames.${choice}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
