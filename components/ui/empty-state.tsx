/**
 * What a page shows when there is nothing yet.
 *
 *   <EmptyState title="No forms yet" description="Create one from scratch or from a template." action={<Button>New form</Button>} />
 */
import type { ReactNode } from "react";

export function EmptyState({ title, description, action, headingLevel: H = "h2" }: { title: ReactNode; description?: ReactNode; action?: ReactNode; headingLevel?: "h2" | "h3" }) {
  return (
    <div className="empty-state">
      <H>{title}</H>
      {description && <p>{description}</p>}
      {action}
    </div>
  );
}
