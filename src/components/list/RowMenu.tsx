import { Fragment, type KeyboardEvent, useEffect, useId, useRef } from 'react';
import type { IconName } from '../../icons/icon-names';
import Icon from '../icons/Icon';
import { useAnchor } from './use-anchor';

export interface MenuAction {
  label: string;
  icon: IconName;
  /** A link (open, preview, send a fax to them), or else a button that calls onSelect. */
  href?: string;
  /** A link that downloads: the file's name. */
  download?: string;
  onSelect?: () => void;
  /** After a line: what takes the fax out of the list comes apart from the rest. */
  separated?: boolean;
  /** Cannot be undone: in the colour of danger. */
  danger?: boolean;
}

/** The keys that move between a menu's items, as in every menu people know. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('.menu-item')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'ArrowDown'
      ? (at + 1) % items.length
      : event.key === 'ArrowUp'
        ? (at - 1 + items.length) % items.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? items.length - 1
            : null;
  if (next === null) return;
  event.preventDefault();
  items[next]?.focus();
}

/**
 * A row's actions behind one "⋯" button: a native popover the browser opens, closes on
 * Escape or a click outside, and gives the focus back from. It opens under its button (CSS anchor
 * positioning, list.css), its first item focused, the arrow keys moving between items.
 */
export default function RowMenu({
  label,
  actions,
  text,
}: {
  label: string;
  actions: MenuAction[];
  /** A button with words and an icon (a page's "Import / Export") instead of the row's "⋯". */
  text?: { words: string; icon: IconName };
}) {
  const id = useId();
  const menu = useRef<HTMLDivElement>(null);
  const anchor = useAnchor(id);

  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    const focusFirst = (event: Event): void => {
      if ((event as ToggleEvent).newState === 'open') element.querySelector<HTMLElement>('.menu-item')?.focus();
    };
    element.addEventListener('toggle', focusFirst);
    return () => element.removeEventListener('toggle', focusFirst);
  }, []);

  const select = (action: MenuAction): void => {
    // Closed first: the focus goes back to the ⋯ button, where a dialog the action opens returns it.
    menu.current?.hidePopover();
    action.onSelect?.();
  };

  return (
    <>
      {text ? (
        <button type="button" className="button secondary row-menu-button menu-button" popoverTarget={id} ref={anchor}>
          <Icon name={text.icon} />
          <span className="menu-button-text">{text.words}</span>
          <Icon name="chevron-down" className="menu-button-chevron" />
        </button>
      ) : (
        <button type="button" className="button ghost small icon-only row-menu-button" popoverTarget={id} aria-label={label} ref={anchor}>
          <Icon name="ellipsis" />
        </button>
      )}
      <div
        ref={(element) => {
          menu.current = element;
          anchor(element);
        }}
        id={id}
        popover="auto"
        className="menu row-menu"
        role="menu"
        aria-label={label}
        onKeyDown={moveFocus}
      >
        {actions.map((action, index) => {
          const className = action.danger ? 'menu-item danger' : 'menu-item';
          const separated = action.separated && index > 0 && !actions[index - 1]!.separated;
          return (
            <Fragment key={action.label}>
              {separated && <div className="menu-separator" />}
              {action.href ? (
                <a className={className} role="menuitem" href={action.href} download={action.download}>
                  <Icon name={action.icon} />
                  {action.label}
                </a>
              ) : (
                <button type="button" className={className} role="menuitem" onClick={() => select(action)}>
                  <Icon name={action.icon} />
                  {action.label}
                </button>
              )}
            </Fragment>
          );
        })}
      </div>
    </>
  );
}
