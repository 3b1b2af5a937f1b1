/**
 * The respondent page's whole script (built by scripts/build-respondent.ts,
 * with react → preact/compat): takes over the server-rendered form in
 * <main id="fl-root"> with the same components the server rendered, keeps
 * answers on the device, and registers the service worker (public/s/sw.js)
 * that keeps the page for offline use.
 *
 * Preact's render() reuses the server's DOM nodes and sets every prop, so
 * the ids React's useId gave on the server are brought in line with Preact's.
 */
import { render } from "preact";
import "@/app/globals.css";
import { notifyHost, startEmbedBridge } from "./embed-bridge";
import { FormRenderer, ThankYou, type FormRendererProps } from "./form-renderer";
import { deviceStore, enableDeviceStore } from "./offline/device-store";
import { livePath } from "@/lib/logic/respondent";
import { createI18n, I18nProvider } from "./i18n";
import { reachedScreen } from "./logic";
import { flushQueued } from "./offline/flush";

const data = document.getElementById("fl-data");
const root = document.getElementById("fl-root");
if (data && root) {
  startEmbedBridge();
  const props = JSON.parse(data.textContent ?? "{}") as FormRendererProps & { storageKey: string };
  enableDeviceStore(props.storageKey);
  // Answers typed before a reload (or a crash) come back first; values from the
  // page itself (hidden fields from the link, a failed no-JavaScript post) win.
  const kept = deviceStore.loadDraft();
  const initialAnswers = kept ? { ...kept, ...props.initialAnswers } : props.initialAnswers;
  // Their fill time runs from the page they were first typed on, not from the reload.
  const startToken = (kept && deviceStore.keptStartToken()) || props.startToken;
  const queued = deviceStore.loadQueued();
  const { t } = createI18n(props.i18n);
  render(<FormRenderer {...props} startToken={startToken} initialAnswers={initialAnswers} initialBanner={queued ? t("savedOffline") : props.initialBanner} />, root);
  if (queued) {
    void flushQueued(queued).then((responseId) => {
      if (!responseId) return;
      // A host page (embed.js) hears of it as of any submission: notifyHost posts to the checked origin only.
      notifyHost({ type: "formloom:submit", responseId });
      // The ending the queued answers reach: the same engine as the server's, over the same answers.
      render(<I18nProvider value={props.i18n}><ThankYou screen={reachedScreen(props.schema, livePath(props.schema, queued.answers), t)} theme={props.schema.theme} /></I18nProvider>, root);
    });
  }
  if ("serviceWorker" in navigator) {
    // The page and its files, kept for offline use once opened (public/s/sw.js).
    const urls = [location.href, ...Array.from(document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>("script[src], link[rel=stylesheet]"), (el) => ("src" in el ? el.src : el.href))];
    navigator.serviceWorker
      .register("/s/sw.js", { scope: "/s/" })
      .then(() => navigator.serviceWorker.ready)
      .then((reg) => reg.active?.postMessage({ type: "keep", urls }))
      .catch(() => undefined);
  }
}
