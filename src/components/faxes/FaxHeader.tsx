import type { ReactNode } from 'react';
import Icon from '../icons/Icon';
import './fax-header.css';

interface Props {
  back: { href: string; label: string };
  /** "Fax to", "Fax from": read first, as part of the heading. */
  eyebrow: string;
  /** The other party's name in the phonebook; without one, the number is the title. */
  name: string | null;
  number: string;
  /** The status region's name ("Status") and what is in it: the pill, what was refunded. */
  statusLabel: string;
  status: ReactNode;
  /** The primary action and the "⋯" menu (FaxActions). */
  actions?: ReactNode;
}

/**
 * The head of a fax's page, as a document app has it: who the fax is to or from (the contact's
 * name over the number), its status, and what can be done with it. The heading reads whole
 * ("Fax to Grace Hopper (312) 555-0190"); on a phone the way back is an arrow beside it.
 */
export default function FaxHeader({ back, eyebrow, name, number, statusLabel, status, actions }: Props) {
  return (
    <header className="fax-header">
      <a className="fax-back" href={back.href}>
        <Icon name="arrow-left" />
        <span className="fax-back-label">{back.label}</span>
      </a>
      <div className="fax-title">
        <h1>
          <span className="fax-eyebrow">{eyebrow}</span> <span className="fax-party">{name ?? number}</span>
          {name && (
            <>
              {' '}
              <span className="fax-number">{number}</span>
            </>
          )}
        </h1>
        <section className="fax-status" aria-label={statusLabel}>
          {status}
        </section>
      </div>
      {actions && <div className="fax-header-actions">{actions}</div>}
    </header>
  );
}
