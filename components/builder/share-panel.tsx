/**
 * The builder's Share tab: the public link (copy, QR code drawn here as SVG,
 * no outside service), the embed snippets with a live preview that runs the
 * real /embed.js in this page, and which sites may embed the form
 * (allowedEmbedOrigins: PATCH /api/forms/:id, validated by the API's schema).
 */
"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { renderSVG } from "uqr";
import { allowedEmbedOriginsSchema } from "@/lib/embed/origins";
import { EMBED_MODES, embedSnippet, type EmbedMode } from "@/lib/embed/snippets";
import { Alert, Button, Card, CopyButton, Select, Textarea, useToast } from "@/components/ui";
import { callApi } from "@/components/dashboard/api";
import { GuardedButton } from "@/components/workspaces/role-context";

const MODE_LABELS: Record<EmbedMode, string> = {
  inline: "Inline — in the page, grows with the form",
  popup: "Popup — a button opens the form in a dialog",
  slider: "Slider — a button opens a panel from the side",
  iframe: "Plain iframe — no script, fixed height",
};

interface FormloomApi {
  mount: (el: HTMLElement, slug: string, options?: object) => HTMLIFrameElement;
  open: (slug: string, options?: object) => () => void;
}

/** /embed.js, loaded once into the dashboard for the preview (the same script other sites load). */
function useEmbedScript(): FormloomApi | null {
  const [api, setApi] = useState<FormloomApi | null>(null);
  useEffect(() => {
    const w = window as unknown as { Formloom?: FormloomApi };
    if (w.Formloom) return setApi(w.Formloom);
    const script = document.createElement("script");
    script.src = "/embed.js";
    script.onload = () => setApi(w.Formloom ?? null);
    document.head.append(script);
  }, []);
  return api;
}

export function SharePanel({ formId, slug, publicUrl, title, hiddenKeys, allowedEmbedOrigins, onSaved }: {
  formId: string;
  slug: string | null;
  publicUrl: string | null;
  title: string;
  hiddenKeys: string[];
  allowedEmbedOrigins: string[] | null;
  onSaved: (origins: string[] | null) => void;
}) {
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  return (
    <div className="stack">
      {publicUrl && slug && origin ? <LinkAndEmbeds url={origin + publicUrl} origin={origin} slug={slug} title={title} hiddenKeys={hiddenKeys} /> : null}
      {!publicUrl ? <Alert tone="info">Publish the form to get its link, QR code and embed code.</Alert> : null}
      <EmbedOrigins formId={formId} value={allowedEmbedOrigins} onSaved={onSaved} />
    </div>
  );
}

function LinkAndEmbeds({ url, origin, slug, title, hiddenKeys }: { url: string; origin: string; slug: string; title: string; hiddenKeys: string[] }) {
  const qr = useMemo(() => renderSVG(url, { border: 2 }), [url]);
  const [mode, setMode] = useState<EmbedMode>("inline");
  const snippet = embedSnippet(mode, { origin, slug, title, hiddenKeys });
  return (
    <>
      <Card title="Link" titleAs="h3">
        <div className="stack-sm">
          <div className="row small">
            <a href={url} target="_blank" rel="noreferrer" className="mono" data-testid="share-link">{url}</a>
            <CopyButton value={url} label="Copy link" />
          </div>
          {/* uqr's SVG: rects only, from our own URL. */}
          <div role="img" aria-label={`QR code for ${url}`} data-testid="share-qr" style={{ width: 160 }} dangerouslySetInnerHTML={{ __html: qr }} />
        </div>
      </Card>
      <Card title="Embed on a site" titleAs="h3">
        <div className="stack-sm">
          <Select label="How" value={mode} onChange={(e) => setMode(e.target.value as EmbedMode)} options={EMBED_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] }))} />
          <pre className="mono small" style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }} data-testid="embed-snippet">{snippet}</pre>
          <div><CopyButton value={snippet} label="Copy code" /></div>
          <EmbedPreview key={mode} mode={mode} slug={slug} title={title} />
        </div>
      </Card>
    </>
  );
}

/** The live form as the snippet shows it (a response sent here is a real one). */
function EmbedPreview({ mode, slug, title }: { mode: EmbedMode; slug: string; title: string }) {
  const api = useEmbedScript();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!api || !box.current || mode !== "inline") return;
    api.mount(box.current, slug, { title });
  }, [api, mode, slug, title]);
  return (
    <div className="stack-sm" data-testid="embed-preview">
      <p className="small muted">Preview: this is the live form, so a response sent here is stored.</p>
      {mode === "inline" ? <div ref={box} style={{ border: "1px dashed var(--border)", maxHeight: 480, overflow: "auto" }} /> : null}
      {mode === "iframe" ? <iframe src={`/s/${encodeURIComponent(slug)}`} title={title} width="100%" height={480} style={{ border: 0 }} /> : null}
      {mode === "popup" || mode === "slider" ? (
        <div><Button variant="secondary" disabled={!api} onClick={() => api?.open(slug, { mode, title })}>Try the {mode}</Button></div>
      ) : null}
    </div>
  );
}

function EmbedOrigins({ formId, value, onSaved }: { formId: string; value: string[] | null; onSaved: (origins: string[] | null) => void }) {
  const toast = useToast();
  const [limited, setLimited] = useState(value !== null);
  const [text, setText] = useState((value ?? []).join("\n"));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setError(null);
    const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
    const body = limited ? lines : null;
    const local = allowedEmbedOriginsSchema.safeParse(body);
    const problem = (path: PropertyKey[], message: string) => (typeof path[0] === "number" ? `${lines[path[0]]}: ${message}` : message);
    if (!local.success) return setError(local.error.issues.map((i) => problem(i.path, i.message)).join(" "));
    setBusy(true);
    const res = await callApi<{ form: { allowedEmbedOrigins: string[] | null } }>("PATCH", `/api/forms/${formId}`, { allowedEmbedOrigins: body });
    setBusy(false);
    if (!res.ok) return setError(res.error.details?.map((d) => d.message).join(" ") || res.error.message);
    onSaved(res.data.form.allowedEmbedOrigins);
    toast("Embed settings saved");
  };

  return (
    <Card title="Sites that may embed it" titleAs="h3">
      <div className="stack-sm" role="group" aria-label="Sites that may embed the form">
        <label className="row small"><input type="radio" name="embed-policy" checked={!limited} onChange={() => setLimited(false)} /> Any site</label>
        <label className="row small"><input type="radio" name="embed-policy" checked={limited} onChange={() => setLimited(true)} /> Only these sites</label>
        {limited ? (
          <Textarea
            label="Sites (one origin per line)"
            hint="Scheme, host and port only, e.g. https://shop.example.com; https://*.example.com for every subdomain. Empty: no other site."
            rows={3}
            className="mono"
            spellCheck={false}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={error ?? undefined}
          />
        ) : error ? <Alert tone="danger">{error}</Alert> : null}
        <div><GuardedButton action="editForms" onClick={save} loading={busy}>Save embed settings</GuardedButton></div>
      </div>
    </Card>
  );
}
