import type { ReactNode } from 'react';

interface Props {
  /** The card's anchor (/settings?section=security#password) and its heading's id. */
  id: string;
  title: string;
  /** One line under the title: what the card is for. */
  description?: ReactNode;
  /** `danger`: a card whose action cannot be undone (deleting the account). */
  tone?: 'danger';
  /**
   * A landmark (a region named by its title) by default. A card that is one field, named as the
   * card, is not: its field is what a person looks for by that name.
   */
  landmark?: boolean;
  children: ReactNode;
}

/** One card of a settings section: a title, a line on what it is for, then its form or list. */
export default function SettingsSection({ id, title, description, tone, landmark = true, children }: Props) {
  return (
    <section
      id={id}
      className={tone ? `card settings-card ${tone}` : 'card settings-card'}
      aria-labelledby={landmark ? `${id}-heading` : undefined}
    >
      <header className="settings-card-header">
        <h2 id={`${id}-heading`}>{title}</h2>
        {description && <p>{description}</p>}
      </header>
      {children}
    </section>
  );
}
