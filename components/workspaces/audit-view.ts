/**
 * The audit log page's view: the actions' wording and the filters read from
 * (and written to) the page URL, with the API's own parameter names, so a
 * filtered view survives a reload and can be shared. Browser-safe.
 */
import { auditActions, type AuditAction } from "@/lib/workspaces/audit-actions";

export { auditActions, type AuditAction };

export const auditActionLabels = {
  "form.created": "Form created",
  "form.published": "Form published",
  "form.schema_published": "Changes published",
  "form.unpublished": "Form unpublished",
  "form.deleted": "Form deleted",
  "form.moved_out": "Form moved to another workspace",
  "form.moved_in": "Form moved here from another workspace",
  "response.deleted": "Response deleted",
  "response.restored": "Response restored from spam",
  "responses.exported": "Responses exported",
  "webhook.created": "Webhook created",
  "webhook.updated": "Webhook changed",
  "webhook.deleted": "Webhook deleted",
  "notifications.updated": "Email notifications changed",
  "workspace.renamed": "Workspace renamed",
  "member.invited": "Member invited",
  "invitation.revoked": "Invitation revoked",
  "member.joined": "Member joined",
  "member.role_changed": "Member's role changed",
  "member.removed": "Member removed",
  "key.created": "API key created",
  "key.revoked": "API key revoked",
} satisfies Record<AuditAction, string>;

export const actionLabel = (action: string) => (auditActions as readonly string[]).includes(action) ? auditActionLabels[action as AuditAction] : action;

export interface AuditEntryView {
  id: string;
  action: string;
  actor: { type: "user" | "key"; id: string; label: string };
  /** `name`: what the target is called now (lib/workspaces/audit-log.ts nameAuditTargets); null when it is gone. */
  target: { type: string; id: string; name: string | null };
  ip: string | null;
  createdAt: string;
}

const targetTypeLabels: Record<string, string> = {
  form: "Form", response: "Response", webhook: "Webhook", invitation: "Invitation", member: "Member", key: "API key", workspace: "Workspace",
};

/** "Form “Customer survey”", or the type and id of something that is gone. */
export function targetText(t: AuditEntryView["target"]): string {
  const type = Object.hasOwn(targetTypeLabels, t.type) ? targetTypeLabels[t.type] : t.type;
  return t.name === null ? `${type} ${t.id} (deleted)` : `${type} “${t.name}”`;
}

export interface AuditFilters {
  action?: AuditAction;
  /** A user id or an API key id (the API's `actor`). */
  actor?: string;
  /** UTC days, YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

export interface AuditPageQuery extends AuditFilters {
  page: number;
}

export type SearchParams = Record<string, string | string[] | undefined>;
export interface FilterProblem { field: string; message: string }

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

function isCalendarDay(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A bad value is dropped and reported beside the filters instead of failing the page: URLs are typed by people. */
export function readAuditQuery(params: SearchParams): { query: AuditPageQuery; problems: FilterProblem[] } {
  const problems: FilterProblem[] = [];
  const query: AuditPageQuery = { page: 1 };
  const action = first(params.action);
  if (action) {
    if ((auditActions as readonly string[]).includes(action)) query.action = action as AuditAction;
    else problems.push({ field: "action", message: `"${action}" is not an action of the log; it was ignored` });
  }
  const actor = first(params.actor);
  if (actor && actor.length <= 64) query.actor = actor;
  for (const field of ["from", "to"] as const) {
    const value = first(params[field]);
    if (value === undefined) continue;
    if (isCalendarDay(value)) query[field] = value;
    else problems.push({ field, message: `"${value}" is not a date (YYYY-MM-DD); it was ignored` });
  }
  if (query.from && query.to && query.from > query.to) {
    problems.push({ field: "to", message: "The end date is before the start date; the date range was ignored" });
    delete query.from;
    delete query.to;
  }
  const page = Number(first(params.page));
  if (Number.isInteger(page) && page >= 1 && page <= 100_000) query.page = page;
  return { query, problems };
}

export const hasAuditFilters = (f: AuditFilters) => Boolean(f.action || f.actor || f.from || f.to);

/** The page's UTC days as the API's instants: from the start of `from` to the end of `to`. */
export function dayRange(f: AuditFilters): { from?: string; to?: string } {
  const next = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
  return { from: f.from && `${f.from}T00:00:00.000Z`, to: f.to && next(f.to) };
}

export function auditHref(basePath: string, query: AuditFilters & { page?: number }): string {
  const params = new URLSearchParams();
  for (const key of ["action", "actor", "from", "to"] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `${basePath}?${text}` : basePath;
}
