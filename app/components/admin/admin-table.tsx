import type { ReactNode } from 'react';

/** `id`: for controls in the body that name themselves after their column. */
export type AdminColumn = { label: string; numeric?: boolean; id?: string };

/**
 * A back-office table in a scrollable region named by the section's heading (so keyboard users
 * can scroll it at 390 px), with one header row; the rows are the children.
 */
export function AdminTable({
  labelledBy,
  columns,
  className,
  children,
}: {
  labelledBy: string;
  columns: AdminColumn[];
  /** The table's own class, for its column widths. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="admin-table-wrap" role="region" tabIndex={0} aria-labelledby={labelledBy}>
      <table className={className ? `admin-table ${className}` : 'admin-table'}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                id={column.id}
                scope="col"
                className={column.numeric ? 'num' : undefined}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
