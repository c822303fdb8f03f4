import type { ReactNode } from 'react';
import './admin-table.css';

interface AdminTableProps {
  /** The table's name for screen readers (a visually hidden caption). */
  caption: string;
  /** The column headers, in order; each cell of a row gives the same text as `data-label` for narrow screens. */
  columns: readonly string[];
  children: ReactNode;
}

/**
 * A real table with a caption and column headers. On narrow screens each row becomes a card whose cells show
 * their column's name (from `data-label`) beside the value, instead of a table wider than the screen.
 */
export function AdminTable({ caption, columns, children }: AdminTableProps) {
  return (
    <div className="admin-table">
      <table className="admin-table__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
