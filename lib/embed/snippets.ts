/**
 * The code an owner pastes into their site (the builder's Share panel, docs/features/embeds-and-themes.md
 * "Embedding a form"): one snippet per way of embedding. Hidden fields of the
 * form appear with empty values, as a reminder of what can be passed.
 */
export const EMBED_MODES = ["inline", "popup", "slider", "iframe"] as const;
export type EmbedMode = (typeof EMBED_MODES)[number];

const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function embedSnippet(mode: EmbedMode, { origin, slug, title, hiddenKeys = [] }: { origin: string; slug: string; title: string; hiddenKeys?: string[] }): string {
  const hiddenQuery = hiddenKeys.map((k) => `${encodeURIComponent(k)}=`).join("&");
  const script = `<script src="${attr(origin)}/embed.js" async></script>`;
  const hidden = hiddenKeys.length ? ` data-formloom-hidden="${attr(hiddenQuery)}"` : "";
  const name = ` data-formloom-title="${attr(title)}"`;
  switch (mode) {
    case "inline":
      return `<div data-formloom="${attr(slug)}"${name}${hidden}></div>\n${script}`;
    case "popup":
      return `<button type="button" data-formloom="${attr(slug)}" data-formloom-mode="popup"${name}${hidden}>${attr(title)}</button>\n${script}`;
    case "slider":
      return `<button type="button" data-formloom="${attr(slug)}" data-formloom-mode="slider" data-formloom-side="right"${name}${hidden}>${attr(title)}</button>\n${script}`;
    case "iframe":
      return `<iframe src="${attr(`${origin}/s/${encodeURIComponent(slug)}${hiddenQuery ? `?${hiddenQuery}` : ""}`)}" title="${attr(title)}" width="100%" height="640" style="border:0"></iframe>`;
  }
}
