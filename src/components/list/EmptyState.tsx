import type { ReactNode } from 'react';
import type { IconName } from '../../icons/icon-names';
import Icon from '../icons/Icon';

/** What a list shows with nothing in it: what is missing, why, and the next step. */
export default function EmptyState({
  icon,
  title,
  text,
  children,
}: {
  icon: IconName;
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <section className="card empty-state">
      <Icon name={icon} />
      <h2>{title}</h2>
      {text && <p>{text}</p>}
      {children && <div className="button-row">{children}</div>}
    </section>
  );
}
