import type { ReactNode } from 'react';
import './fax-table.css';
import '../list/list.css';

interface Props {
  label: string;
  className: string;
  headings: { select: string; party: string; status: string; pages: string; date: string; purge?: string; actions: string };
  children: ReactNode;
}

/** The table of a fax list: its headings (read by screen readers on a phone too) and its rows. */
export default function FaxTable({ label, className, headings, children }: Props) {
  return (
    <table className={`data-table fax-table ${className}`} aria-label={label}>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{headings.select}</span>
          </th>
          <th scope="col">{headings.party}</th>
          <th scope="col">{headings.status}</th>
          <th scope="col">{headings.pages}</th>
          <th scope="col">{headings.date}</th>
          {headings.purge && <th scope="col">{headings.purge}</th>}
          <th scope="col">
            <span className="visually-hidden">{headings.actions}</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
