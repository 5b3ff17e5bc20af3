import { useId, type HTMLAttributes, type Key, type ReactNode } from "react";
import { cx } from "~/lib/class-names";

export type TableColumn<T> = {
  /** The column's header, also each cell's label on a phone (stacked tables). */
  header: string;
  /** Read by screen readers only (an image or actions column); its cells get no phone label. */
  hideHeader?: boolean;
  align?: "right";
  /** The row's own header cell (`<th scope="row">`), e.g. the day of a figure. */
  rowHeader?: boolean;
  /** The cells' classes beyond padding and alignment. */
  className?: string;
  cell: (row: T) => ReactNode;
};

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | number | undefined };

/**
 * `stacked`: a bordered white table whose rows become "label: value" cards on a phone
 * (app.css, `.stacked-table`). `plain`: a bare two- or three-column table that fits a phone
 * as it is (a chart's figures).
 */
export type TableVariant = "stacked" | "plain";

const styles = {
  stacked: {
    region: "relative overflow-x-auto rounded-xl border border-black/10 bg-white text-slate-900",
    table: "stacked-table w-full text-left text-sm",
    head: "bg-slate-50 text-xs text-slate-600 uppercase",
    headRow: undefined,
    header: "px-4 py-3",
    body: "divide-y divide-border",
    row: undefined,
    rowHeader: "px-4 font-normal",
    cell: "px-4",
  },
  plain: {
    region: "overflow-x-auto",
    table: "w-full text-left",
    head: undefined,
    headRow: "text-slate-600",
    header: "py-1 font-medium",
    body: undefined,
    row: "border-t border-border",
    rowHeader: "py-1 font-normal",
    cell: "py-1",
  },
} as const;

/**
 * The one way to write a table: column headers (`<th scope="col">`), a caption for screen
 * readers, and a scroll container that is a labelled, focusable region, so a keyboard can
 * scroll a table wider than the screen. `columns` may hold `false` for a column left out.
 */
export function Table<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  variant = "stacked",
  compact = false,
  className,
  testId,
}: {
  caption: string;
  columns: (TableColumn<T> | false | null | undefined)[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  rowProps?: (row: T) => RowAttributes;
  variant?: TableVariant;
  /** Less vertical padding in the body's cells (rows with a thumbnail). */
  compact?: boolean;
  /** The region's classes (margins, a height limit). */
  className?: string;
  testId?: string;
}) {
  const captionId = useId();
  const style = styles[variant];
  const shown = columns.filter((column): column is TableColumn<T> => Boolean(column));
  const stacked = variant === "stacked";
  const bodyPadding = stacked ? (compact ? "py-2" : "py-3") : undefined;
  return (
    // Focusable: a keyboard scrolls a table wider than the screen by focusing its region.
    <div role="region" aria-labelledby={captionId} tabIndex={0} className={cx(style.region, className)}>
      <table className={style.table} data-testid={testId}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className={style.head}>
          <tr className={style.headRow}>
            {shown.map((column, index) => (
              <th key={index} scope="col" className={cx(style.header, column.align === "right" && "text-right")}>
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={style.body}>
          {rows.map((row) => {
            const { className: rowClassName, ...attributes } = rowProps?.(row) ?? {};
            return (
              <tr key={rowKey(row)} className={cx(style.row, rowClassName)} {...attributes}>
                {shown.map((column, index) => {
                  const classes = cx(
                    column.rowHeader ? style.rowHeader : style.cell,
                    bodyPadding,
                    column.align === "right" && "text-right",
                    column.className,
                  );
                  // On a phone a stacked cell says which column it is, unless its header is hidden.
                  const label = stacked && !column.hideHeader ? column.header : undefined;
                  return column.rowHeader ? (
                    <th key={index} scope="row" className={classes} data-label={label}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={index} className={classes} data-label={label}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
