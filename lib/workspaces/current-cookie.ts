/**
 * The dashboard's current workspace lives in a cookie, so every existing
 * address (/forms, /keys, a form's pages) keeps working and the choice
 * survives a reload. It is only a preference: the server checks membership
 * on every page and falls back to the personal workspace (a stale or forged
 * id shows nothing of anyone else's).
 */
export const WORKSPACE_COOKIE = "fl_workspace";

/** Browser side: remember `id` as the current workspace (a year; Lax, as the session cookie). */
export function rememberWorkspace(id: string): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${WORKSPACE_COOKIE}=${encodeURIComponent(id)}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax${secure}`;
}

/** Makes a workspace the current one and opens its forms: a full load, so no page of the previous workspace stays in the router cache. */
export function openWorkspace(id: string): void {
  rememberWorkspace(id);
  window.location.assign("/forms");
}
