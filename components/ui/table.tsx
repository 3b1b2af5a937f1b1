/**
 * A styled, horizontally scrollable table. Write thead/tbody yourself:
 *
 *   <Table caption="Your forms">
 *     <thead><tr><th scope="col">Title</th><th scope="col" className="num">Responses</th></tr></thead>
 *     <tbody><tr><td>…</td><td className="num">3</td></tr></tbody>
 *   </Table>
 *
 * `caption` is visually hidden (for screen readers) unless `showCaption`.
 * Row classes: "clickable" (hover/focus highlight). Cell class: "num" (right-aligned digits).
 */
import type { ReactNode, TableHTMLAttributes } from "react";

export function Table({ caption, showCaption = false, children, className, ...rest }: TableHTMLAttributes<HTMLTableElement> & { caption?: ReactNode; showCaption?: boolean }) {
  return (
    <div className="table-wrap">
      <table className={["table", className].filter(Boolean).join(" ")} {...rest}>
        {caption && <caption className={showCaption ? undefined : "visually-hidden"}>{caption}</caption>}
        {children}
      </table>
    </div>
  );
}
