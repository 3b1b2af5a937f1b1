import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Alert, EmptyState } from "@/components/ui";
import { AuditFilterBar, AuditPagination, AuditTable } from "@/components/workspaces/audit-log";
import { auditHref, dayRange, hasAuditFilters, readAuditQuery, type SearchParams } from "@/components/workspaces/audit-view";
import { allows } from "@/components/workspaces/permissions";
import { requireWorkspace } from "@/lib/workspaces/dashboard";
import { listAuditLog, nameAuditTargets } from "@/lib/workspaces/audit-log";
import { listMembers } from "@/lib/workspaces/members";

export const metadata: Metadata = { title: "Audit log" };

const BASE = "/audit-log";
const PAGE_SIZE = 50;

/** Who did what in the current workspace, newest first (admins and owners). */
export default async function AuditLogPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { workspace, actor } = await requireWorkspace(BASE);
  const allowed = allows(workspace.role, "readAuditLog");
  const header = (
    <div className="page-header" style={{ marginBottom: 0 }}>
      <div>
        <h1>Audit log</h1>
        <p>Who did what in <strong>{workspace.name}</strong>, newest first. Entries are never changed or removed.</p>
      </div>
    </div>
  );
  if (!allowed.allowed) {
    return <div className="stack">{header}<Alert tone="info">{allowed.reason}</Alert></div>;
  }

  const { query, problems } = readAuditQuery(await searchParams);
  const { page, ...filters } = query;
  const [log, { members }] = await Promise.all([
    listAuditLog(actor, { ...dayRange(filters), action: filters.action, actor: filters.actor, page, limit: PAGE_SIZE }),
    listMembers(actor),
  ]);
  const { total, totalPages } = log.pagination;
  // A page past the end (an edited URL): the last one.
  if (total > 0 && page > totalPages) redirect(auditHref(BASE, { ...filters, page: totalPages }));
  // The "Who" filter offers the members, and the actors on this page (keys, people who have left).
  const actors = new Map(members.map((m) => [m.userId, { id: m.userId, label: m.name ?? m.email }]));
  for (const e of log.entries) if (!actors.has(e.actor.id)) actors.set(e.actor.id, { id: e.actor.id, label: e.actor.type === "key" ? `${e.actor.label} (API key)` : e.actor.label });
  const entries = await nameAuditTargets(actor, log.entries);
  const first = (page - 1) * PAGE_SIZE + 1;

  return (
    <div className="stack">
      {header}
      <AuditFilterBar key={auditHref(BASE, filters)} basePath={BASE} filters={filters} actors={[...actors.values()]} problems={problems} />
      <p className="muted" style={{ margin: 0 }} aria-live="polite" data-testid="audit-count">
        {hasAuditFilters(filters) ? `${total} ${total === 1 ? "entry matches" : "entries match"} the filters` : `${total} ${total === 1 ? "entry" : "entries"}`}
      </p>
      {entries.length > 0 ? (
        <>
          <AuditTable entries={entries} caption={`Audit log entries ${first}–${first + entries.length - 1} of ${total}, newest first`} />
          <AuditPagination basePath={BASE} filters={filters} page={page} totalPages={totalPages} />
        </>
      ) : (
        <EmptyState
          title={hasAuditFilters(filters) ? "No entries match these filters" : "Nothing logged yet"}
          description={hasAuditFilters(filters) ? "Try another action, person or date range." : "Changes to forms, members, webhooks and API keys appear here."}
        />
      )}
    </div>
  );
}
