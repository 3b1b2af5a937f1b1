/**
 * The form page's side of an embed (/embed.js, components/embed/embed.ts):
 * when the page is framed by embed.js, it reports its height (inline mode
 * grows the frame), Escape (to close a popup or slider), a finished response
 * and an ending's redirect — by postMessage to the host's origin only.
 *
 * embed.js names that origin in the frame's fragment (#fl-embed=<origin>);
 * it is used as postMessage's target origin, so a page that claims another
 * site's origin receives nothing, and where the browser reports who frames us
 * (location.ancestorOrigins) the claim must match it. The page accepts no
 * message from the host: hidden fields come in the frame's URL like any link.
 */
type HostMessage =
  | { type: "formloom:resize"; height: number }
  | { type: "formloom:escape" }
  | { type: "formloom:submit"; responseId: string }
  | { type: "formloom:redirect"; url: string };

let host: string | null = null;

/** Called once by boot.tsx. */
export function startEmbedBridge() {
  const claimed = /(?:^#|&)fl-embed=([^&]+)/.exec(location.hash)?.[1];
  if (!claimed || window.parent === window) return;
  let origin: string;
  try {
    origin = new URL(decodeURIComponent(claimed)).origin;
  } catch {
    return;
  }
  const ancestors = location.ancestorOrigins;
  if (origin === "null" || (ancestors?.length && ancestors[0] !== origin)) return;
  host = origin;
  const root = document.documentElement;
  // Inline, the frame takes the page's height: the page must not fill the frame (respondent.css).
  root.dataset.flEmbed = /&fl-mode=inline(&|$)/.test(location.hash) ? "inline" : "overlay";
  const report = () => notifyHost({ type: "formloom:resize", height: Math.ceil(root.getBoundingClientRect().height) });
  new ResizeObserver(report).observe(root);
  addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !e.defaultPrevented) notifyHost({ type: "formloom:escape" });
  });
}

/** Whether the page runs inside embed.js's frame. */
export const embedded = () => host !== null;

export function notifyHost(message: HostMessage) {
  if (host) window.parent.postMessage(message, host);
}
