import type { IconName } from '../../icons/icon-names';

interface Props {
  name: IconName;
  /** Extra classes, e.g. `icon-small`; the icon takes the colour of the text around it. */
  className?: string;
}

/** A Lucide icon from the sprite; decoration only (the control or text beside it carries the name). */
export default function Icon({ name, className }: Props) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} aria-hidden="true" focusable="false">
      <use href={`${__ICON_SPRITE__}#${name}`} />
    </svg>
  );
}
