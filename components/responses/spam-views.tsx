/**
 * The two views of the responses page: every counted response, and those held
 * as suspected spam (`?spam=only`, the API's own parameter), which count
 * nowhere until the owner restores them. Links, so a view survives a reload
 * and can be shared; the filters of the view stay when switching.
 */
import Link from "next/link";
import { Alert } from "@/components/ui";
import { spamReasons, spamReasonText } from "@/lib/responses/spam-state";
import { toSearchParams, withQuery, type ResponseFilters } from "@/lib/responses/view-model";

interface Props {
  basePath: string;
  filters: ResponseFilters;
  limit: number;
  /** Responses held as suspected spam (all of the form's, whatever the filters). */
  held: number;
}

export function ResponseViews({ basePath, filters, limit, held }: Props) {
  const showingHeld = filters.spam === "only";
  const href = (spam: ResponseFilters["spam"]) => withQuery(basePath, toSearchParams({ ...filters, spam, limit }));
  return (
    <nav aria-label="Response views" className="tabs" style={{ marginBottom: 0 }}>
      <Link href={href(undefined)} className="tab" aria-current={showingHeld ? undefined : "page"}>Responses</Link>
      <Link href={href("only")} className="tab" aria-current={showingHeld ? "page" : undefined} data-testid="held-view-link">
        Suspected spam ({held})
      </Link>
    </nav>
  );
}

/** Why responses are held and what holding means, above the held view. */
export function HeldNotice() {
  return (
    <Alert tone="info">
      <strong>These responses are held as suspected spam.</strong> They are kept with every answer, but count nowhere (not in the
      response count, the analytics or the default export, and no webhook or email went out) until you restore them. Open one to
      restore it (&ldquo;Not spam&rdquo;) or delete it. Why a response is held:
      <ul style={{ margin: "var(--space-2) 0 0", paddingLeft: "1.25rem" }}>
        {spamReasons.map((reason) => <li key={reason}>{spamReasonText[reason]}</li>)}
      </ul>
    </Alert>
  );
}

/** "N responses held as suspected spam", linking to the held view (analytics and the empty responses page). */
export function HeldLink({ formId, held }: { formId: string; held: number }) {
  return (
    <Link href={`/forms/${encodeURIComponent(formId)}/responses?spam=only`} data-testid="held-link">
      {held} {held === 1 ? "response" : "responses"} held as suspected spam
    </Link>
  );
}
