import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import type { IconName } from '../../icons/icon-names';
import Icon from '../icons/Icon';
import './fax-menu.css';

const ITEMS = '.menu-item:not(:disabled)';

/**
 * The "⋯" button and its menu (ARIA's menu pattern on a native popover): the browser opens and
 * closes it (Escape, a click outside) with no script; this puts the focus on the first item when
 * it opens, moves it with the arrow keys, and closes the menu once an item is chosen.
 */
export default function FaxActionsMenu({ label, children }: { label: string; children: ReactNode }) {
  const menuRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const onToggle = (event: Event): void => {
      if ((event as ToggleEvent).newState === 'open') menu.querySelector<HTMLElement>(ITEMS)?.focus();
    };
    menu.addEventListener('toggle', onToggle);
    return () => menu.removeEventListener('toggle', onToggle);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(ITEMS)];
    const at = items.indexOf(document.activeElement as HTMLElement);
    items[(at + step + items.length) % items.length]?.focus();
  };

  return (
    <>
      <button
        type="button"
        className="button secondary icon-only fax-menu-button"
        popoverTarget={id}
        aria-haspopup="menu"
        aria-label={label}
      >
        <Icon name="ellipsis" />
      </button>
      <div
        ref={menuRef}
        id={id}
        className="menu fax-menu"
        popover="auto"
        role="menu"
        aria-label={label}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest(ITEMS)) menuRef.current?.hidePopover();
        }}
      >
        {children}
      </div>
    </>
  );
}

interface ItemProps {
  icon: IconName;
  children: ReactNode;
  /** A line under the item's name: why it cannot be chosen, or what it will do. */
  hint?: string;
  danger?: boolean;
  disabled?: boolean;
  href?: string;
  download?: string;
  onSelect?: () => void;
}

/** One item of the menu: a link when it goes somewhere, else a button. */
export function MenuItem({ icon, children, hint, danger, disabled, href, download, onSelect }: ItemProps) {
  const hintId = useId();
  const className = danger ? 'menu-item danger' : 'menu-item';
  // The hint describes the item (hidden from its name, read as its description): the name stays
  // the words people look for.
  const body = (
    <>
      <Icon name={icon} />
      <span className="menu-item-text">
        {children}
        {hint && (
          <span className="menu-item-hint" id={hintId} aria-hidden="true">
            {hint}
          </span>
        )}
      </span>
    </>
  );
  const describedBy = hint ? hintId : undefined;
  if (href) {
    return (
      <a className={className} href={href} download={download} role="menuitem" aria-describedby={describedBy}>
        {body}
      </a>
    );
  }
  return (
    <button type="button" className={className} disabled={disabled} role="menuitem" aria-describedby={describedBy} onClick={onSelect}>
      {body}
    </button>
  );
}
