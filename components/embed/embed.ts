/**
 * /embed.js: shows a Formloom form on another site
 * (docs/features/embeds-and-themes.md). No dependencies, no stylesheet (styles are set through the CSSOM,
 * which a host page's CSP does not block); built by scripts/build-respondent.ts
 * into .respondent/embed.js and served by app/embed.js/route.ts.
 *
 *   <div data-formloom="slug"></div>                                   inline, grows with the form
 *   <button data-formloom="slug" data-formloom-mode="popup">…</button>  a modal dialog
 *   <button data-formloom="slug" data-formloom-mode="slider">…</button> a panel from the side
 *
 * Hidden fields: data-formloom-hidden="key=value&…" and/or
 * data-formloom-params="utm_source,utm_campaign" (or "*": all of the host
 * page's URL parameters). Events (bubbling CustomEvents on the element, and
 * the onSubmit/onClose/onRedirect callbacks of the JS API):
 * formloom:submit, formloom:close, formloom:redirect (cancelable).
 *
 * Messages: the form page posts to this page's origin only (it is told it in
 * the frame's #fl-embed fragment); here a message counts only when it comes
 * from the Formloom origin this script was loaded from AND from the window of
 * a frame this script made.
 */

type Hidden = Record<string, string>;
type Mode = "inline" | "popup" | "slider";
interface Options {
  mode?: Mode;
  hidden?: Hidden;
  /** Host URL parameters to pass as hidden fields ("*" = all). */
  params?: string[] | "*";
  side?: "left" | "right";
  /** The frame's and dialog's accessible name. */
  title?: string;
  onSubmit?: (detail: EventDetail) => void;
  onClose?: (detail: EventDetail) => void;
  onRedirect?: (detail: EventDetail) => void;
}
interface EventDetail {
  slug: string;
  responseId?: string;
  url?: string;
}
interface Frame {
  slug: string;
  iframe: HTMLIFrameElement;
  /** Where events are dispatched. */
  target: EventTarget;
  options: Options;
  close?: () => void;
}

((w: Window & { Formloom?: unknown }) => {
  if (w.Formloom) return;
  const doc = document;
  const script = doc.currentScript as HTMLScriptElement | null;
  const base = new URL(script?.src || "/", location.href).origin;
  const frames = new Map<Window, Frame>();
  const DONE = "formloomReady";

  const css = (el: HTMLElement, styles: Partial<CSSStyleDeclaration>) => Object.assign(el.style, styles);

  function src(slug: string, options: Options): string {
    const query = new URLSearchParams();
    const hostParams = new URLSearchParams(location.search);
    const wanted = options.params;
    hostParams.forEach((value, key) => {
      if (wanted === "*" || wanted?.includes(key)) query.set(key, value);
    });
    // Values given on the element win over the host page's URL.
    for (const [key, value] of Object.entries(options.hidden ?? {})) query.set(key, value);
    const q = query.toString();
    // The fragment never reaches the server: who frames the page and how (for the page's own postMessage and layout).
    return `${base}/s/${encodeURIComponent(slug)}${q ? `?${q}` : ""}#fl-embed=${encodeURIComponent(location.origin)}&fl-mode=${options.mode ?? "inline"}`;
  }

  function frame(slug: string, options: Options, target: EventTarget): Frame {
    const iframe = doc.createElement("iframe");
    iframe.src = src(slug, options);
    iframe.title = options.title || "Form";
    css(iframe, { border: "0", width: "100%", display: "block", colorScheme: "normal" });
    const entry: Frame = { slug, iframe, target, options };
    // contentWindow exists once the frame is in the document.
    queueMicrotask(() => iframe.contentWindow && frames.set(iframe.contentWindow, entry));
    return entry;
  }

  function emit(entry: Frame, name: "submit" | "close" | "redirect", detail: EventDetail): boolean {
    const event = new CustomEvent(`formloom:${name}`, { bubbles: true, cancelable: name === "redirect", detail });
    const go = entry.target.dispatchEvent(event);
    const callback = name === "submit" ? entry.options.onSubmit : name === "close" ? entry.options.onClose : entry.options.onRedirect;
    callback?.(detail);
    return go;
  }

  /** Inline: the frame takes the form's height, as the form page reports it. */
  function mount(el: HTMLElement, slug: string, options: Options = {}): HTMLIFrameElement {
    const entry = frame(slug, { ...options, mode: "inline" }, el);
    entry.iframe.style.height = "480px";
    el.replaceChildren(entry.iframe);
    return entry.iframe;
  }

  /**
   * Popup and slider: a modal <dialog> (the rest of the page is inert while it
   * is open, so focus stays in it), closed by its button, Escape (here or in
   * the form, which forwards it), or a click beside the panel; focus then
   * returns to where it was.
   */
  function open(slug: string, options: Options = {}, opener?: HTMLElement): () => void {
    const back = doc.activeElement as HTMLElement | null;
    const slider = options.mode === "slider";
    options = { ...options, mode: slider ? "slider" : "popup" };
    const dialog = doc.createElement("dialog");
    dialog.setAttribute("aria-label", options.title || "Form");
    dialog.className = `formloom-${slider ? "slider" : "popup"}`;
    css(dialog, {
      position: "fixed", inset: "0", width: "100%", height: "100%", maxWidth: "none", maxHeight: "none",
      margin: "0", padding: "0", border: "0", background: "rgba(0,0,0,.5)", zIndex: "2147483647",
    });
    const panel = doc.createElement("div");
    const left = options.side === "left";
    css(panel, slider
      ? { position: "absolute", top: "0", bottom: "0", [left ? "left" : "right"]: "0", width: "min(480px,100%)", background: "#fff", boxShadow: "0 0 24px rgba(0,0,0,.3)" }
      : { position: "absolute", top: "50%", left: "50%", transform: "translate(-50%,-50%)", width: "min(720px,calc(100% - 32px))", height: "min(760px,calc(100% - 32px))", background: "#fff", borderRadius: "8px", overflow: "hidden" });
    const button = doc.createElement("button");
    button.type = "button";
    button.textContent = "×";
    button.setAttribute("aria-label", "Close");
    css(button, {
      position: "absolute", top: "8px", [left ? "left" : "right"]: "8px", zIndex: "1", width: "36px", height: "36px",
      border: "0", borderRadius: "50%", background: "#fff", color: "#111", font: "24px/1 sans-serif", cursor: "pointer",
    });
    const entry = frame(slug, options, opener ?? doc);
    css(entry.iframe, { height: "100%" });
    panel.append(button, entry.iframe);
    dialog.append(panel);
    doc.body.append(dialog);

    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      if (entry.iframe.contentWindow) frames.delete(entry.iframe.contentWindow);
      dialog.close();
      back?.focus();
      // Removed a moment later: the frame may still be handling the key (Escape) that closed it.
      setTimeout(() => dialog.remove(), 0);
      emit(entry, "close", { slug });
    };
    entry.close = close;
    button.onclick = close;
    dialog.addEventListener("cancel", (e) => {
      e.preventDefault();
      close();
    });
    dialog.addEventListener("click", (e) => e.target === dialog && close());
    dialog.showModal();
    // Straight into the form (the close button is one Shift+Tab away).
    entry.iframe.focus();
    return close;
  }

  w.addEventListener("message", (e: MessageEvent) => {
    if (e.origin !== base) return;
    const entry = frames.get(e.source as Window);
    const data = e.data as { type?: unknown; height?: unknown; responseId?: unknown; url?: unknown } | null;
    if (!entry || !data || typeof data.type !== "string") return;
    const detail: EventDetail = { slug: entry.slug };
    switch (data.type) {
      case "formloom:resize":
        if (!entry.close && typeof data.height === "number" && data.height > 0) entry.iframe.style.height = `${Math.ceil(data.height)}px`;
        break;
      case "formloom:submit":
        if (typeof data.responseId === "string") detail.responseId = data.responseId;
        emit(entry, "submit", detail);
        break;
      case "formloom:escape":
        entry.close?.();
        break;
      case "formloom:redirect": {
        // Only a web address, and only when the host page did not cancel it.
        const url = typeof data.url === "string" && /^https?:\/\//i.test(data.url) ? data.url : null;
        if (url && emit(entry, "redirect", { slug: entry.slug, url })) location.assign(url);
        break;
      }
    }
  });

  function optionsOf(el: HTMLElement): Options {
    const d = el.dataset;
    const params = d.formloomParams?.trim();
    return {
      mode: (["popup", "slider"].includes(d.formloomMode ?? "") ? d.formloomMode : "inline") as Mode,
      hidden: Object.fromEntries(new URLSearchParams(d.formloomHidden ?? "")),
      params: params === "*" ? "*" : params ? params.split(",").map((p) => p.trim()) : undefined,
      side: d.formloomSide === "left" ? "left" : "right",
      title: d.formloomTitle,
    };
  }

  /** Sets up every [data-formloom] element not yet set up (call again after adding some). */
  function scan() {
    doc.querySelectorAll<HTMLElement>("[data-formloom]").forEach((el) => {
      if (el.dataset[DONE]) return;
      el.dataset[DONE] = "1";
      const slug = el.dataset.formloom!;
      const options = optionsOf(el);
      if (options.mode === "inline") mount(el, slug, options);
      else el.addEventListener("click", () => open(slug, options, el));
    });
  }

  w.Formloom = { open: (slug: string, options?: Options) => open(slug, options), mount, scan };
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", scan);
  else scan();
})(window);
