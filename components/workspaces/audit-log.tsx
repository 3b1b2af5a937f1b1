/**
 * The audit log page's parts: the filter bar (action, actor, date range; a
 * plain GET form that also works without JavaScript), the entries newest
 * first, and previous/next links.
 */
"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { Button, Input, LocalTime, Select, Table } from "@/components/ui";
import {
  actionLabel,
  auditActionLabels,
  auditActions,
  auditHref,
  hasAuditFilters,
  targetText,
  type AuditEntryView,
  type AuditFilters,
  type FilterProblem,
} from "./audit-view";

export interface ActorOption {
  id: string;
  label: string;
}

export function AuditFilterBar({ basePath, filters, actors, problems }: { basePath: string; filters: AuditFilters; actors: ActorOption[]; problems: FilterProblem[] }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const problemOf = (field: string) => problems.find((p) => p.field === field)?.message;
  const go = (next: AuditFilters) => startTransition(() => router.push(auditHref(basePath, next)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(draft);
  };

  return (
    <form className="audit-filters" method="get" action={basePath} onSubmit={submit} role="search" aria-label="Filter the audit log" aria-busy={pending}>
      <Select
        label="Action"
        name="action"
        value={draft.action ?? ""}
        error={problemOf("action")}
        options={[{ value: "", label: "Any action" }, ...auditActions.map((a) => ({ value: a, label: auditActionLabels[a] }))]}
        onChange={(e) => setDraft((d) => ({ ...d, action: (e.target.value || undefined) as AuditFilters["action"] }))}
      />
      <Select
        label="Who"
        name="actor"
        value={draft.actor ?? ""}
        options={[{ value: "", label: "Anyone" }, ...actors.map((a) => ({ value: a.id, label: a.label }))]}
        onChange={(e) => setDraft((d) => ({ ...d, actor: e.target.value || undefined }))}
      />
      <Input label="From (UTC day)" name="from" type="date" value={draft.from ?? ""} max={draft.to || undefined} error={problemOf("from")}
        onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value || undefined }))} />
      <Input label="To (UTC day)" name="to" type="date" value={draft.to ?? ""} min={draft.from || undefined} error={problemOf("to")}
        onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value || undefined }))} />
      <div className="row audit-filter-actions">
        <Button type="submit" loading={pending}>Apply filters</Button>
        {hasAuditFilters(filters) && <Button variant="ghost" disabled={pending} onClick={() => { setDraft({}); go({}); }}>Clear filters</Button>}
      </div>
    </form>
  );
}

export function AuditTable({ entries, caption }: { entries: AuditEntryView[]; caption: string }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">On</th>
          <th scope="col">IP address</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id} data-testid="audit-entry" data-action={e.action}>
            <td><LocalTime value={e.createdAt} /></td>
            <td>{e.actor.label}{e.actor.type === "key" && <span className="muted small"> (API key)</span>}</td>
            <td><span className="badge">{actionLabel(e.action)}</span> <code className="small muted">{e.action}</code></td>
            <td className="small" title={`${e.target.type} ${e.target.id}`}>{targetText(e.target)}</td>
            <td className="mono small">{e.ip ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function AuditPagination({ basePath, filters, page, totalPages }: { basePath: string; filters: AuditFilters; page: number; totalPages: number }) {
  const pages = Math.max(totalPages, 1);
  return (
    <nav aria-label="Pages of the audit log" className="row-between">
      {page > 1 ? <Link href={auditHref(basePath, { ...filters, page: page - 1 })} rel="prev">← Newer</Link> : <span className="muted" aria-disabled="true">← Newer</span>}
      <span>Page {page} of {pages}</span>
      {page < pages ? <Link href={auditHref(basePath, { ...filters, page: page + 1 })} rel="next">Older →</Link> : <span className="muted" aria-disabled="true">Older →</span>}
    </nav>
  );
}
