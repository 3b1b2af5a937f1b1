/**
 * The API reference rendered by Redoc in the browser from the served OpenAPI
 * document. The script is loaded with the page's CSP nonce, and Redoc is
 * given the same nonce for the <style> elements it adds. Search is off:
 * Redoc runs it in a worker made from a blob: URL, which the dashboard's CSP
 * (worker-src 'self') refuses; the browser's find-in-page works on the
 * rendered page, where every operation is expanded.
 */
"use client";

import { useEffect, useRef, useState } from "react";
import { Alert, PageLoading } from "@/components/ui";

interface RedocGlobal {
  init: (specUrl: string, options: Record<string, unknown>, element: HTMLElement, callback?: (error?: unknown) => void) => void;
}

/**
 * The nonce of the document's CSP. Not the one the page's server render saw: after a
 * client-side navigation that came with the navigation's own request, while the
 * policy in force is the one the document was loaded with. Next.js nonces its scripts with it.
 */
const documentNonce = () => (document.querySelector("script[nonce]") as HTMLScriptElement | null)?.nonce ?? "";

export function ApiReference({ scriptSrc, specUrl }: { scriptSrc: string; specUrl: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    const nonce = documentNonce();
    const render = () => {
      const redoc = (window as unknown as { Redoc?: RedocGlobal }).Redoc;
      if (cancelled || !redoc || !container.current) return;
      redoc.init(specUrl, {
        nonce,
        disableSearch: true,
        hideDownloadButton: false,
        expandResponses: "200,201",
        jsonSampleExpandLevel: 2,
        scrollYOffset: 0,
        theme: { typography: { fontFamily: "inherit", headings: { fontFamily: "inherit" } }, sidebar: { width: "260px" } },
      }, container.current, (error) => !cancelled && setState(error ? "failed" : "ready"));
    };
    if ((window as unknown as { Redoc?: RedocGlobal }).Redoc) {
      render();
    } else {
      const script = document.createElement("script");
      script.src = scriptSrc;
      script.nonce = nonce;
      script.async = true;
      script.onload = render;
      script.onerror = () => !cancelled && setState("failed");
      document.head.appendChild(script);
    }
    return () => { cancelled = true; };
  }, [scriptSrc, specUrl]);

  return (
    <>
      {state === "loading" && <PageLoading />}
      {state === "failed" && <Alert tone="danger">The API reference could not be shown. The document itself is at <a href={specUrl}>{specUrl}</a>.</Alert>}
      <div ref={container} className="api-reference" />
    </>
  );
}
