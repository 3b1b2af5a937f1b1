/**
 * A surface with an optional header.
 *
 *   <Card title="Settings" actions={<Button size="sm">…</Button>}>…</Card>
 *   <Card padded={false}>…</Card>      no body padding (tables, lists)
 *
 * `titleAs` picks the heading level (default h2). Extra props go to <section>.
 */
import type { HTMLAttributes, ReactNode } from "react";

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, "title"> {
  title?: ReactNode;
  titleAs?: "h2" | "h3";
  actions?: ReactNode;
  padded?: boolean;
}

export function Card({ title, titleAs: H = "h2", actions, padded = true, className, children, ...rest }: CardProps) {
  return (
    <section className={["card", className].filter(Boolean).join(" ")} {...rest}>
      {(title || actions) && (
        <div className="card-header">
          {title ? <H>{title}</H> : <span />}
          {actions && <div className="row">{actions}</div>}
        </div>
      )}
      {padded ? <div className="card-body">{children}</div> : children}
    </section>
  );
}
