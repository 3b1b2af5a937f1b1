"use client";
/**
 * Sign on a canvas with a finger, pen or mouse (pointer events), or — the
 * keyboard alternative — type your name and it is written into the canvas.
 * "Use this signature" uploads the canvas as a PNG through the files
 * endpoint; the answer is that file's id. Any change afterwards withdraws the
 * answer until it is confirmed again. A drawing not confirmed is uploaded
 * when the respondent moves on or submits (the form waits for it), so what
 * was signed is never lost for want of a button press. Without JavaScript
 * nothing can be drawn: the page offers a PNG image of the signature instead.
 */
import { useI18n } from "@/components/respondent/i18n";
import { useEffect, useRef, useState, type PointerEvent } from "react";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { FileRows, useUploads } from "../file-upload/file-list";
import { GroupFrame } from "../shared/frame";
import { useRespondentEnv } from "../shared/respondent-env";
import type { QuestionFieldProps, RespondentControl } from "../types";

const WIDTH = 600;
const HEIGHT = 200;
const INK = "#1b1f24";

function paper(ctx: CanvasRenderingContext2D) {
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
}

function Signature(props: QuestionFieldProps<QuestionOf<"signature">>) {
  const { question: q, value, onChange, idPrefix } = props;
  const { t } = useI18n();
  const base = `${idPrefix}-${q.key}`;
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ x: number; y: number } | null>(null);
  const [typed, setTyped] = useState("");
  const [inked, setInked] = useState(false);
  const [confirmed, setConfirmed] = useState(typeof value === "string");
  const uploads = useUploads(q.key, typeof value === "string" ? [value] : [], (ids) => onChange(ids[0], "input"));
  const saved = uploads.items.find((i) => i.state === "done");
  const busy = uploads.items.some((i) => i.state === "uploading");

  // Ink on the pad that is not (being) uploaded: the form flushes it before moving on.
  const unsaved = useRef(false);
  const env = useRespondentEnv();

  const ctx = () => canvas.current?.getContext("2d") ?? null;
  useEffect(() => {
    const c = ctx();
    if (c) paper(c);
  }, []);

  /** Uploads the pad as it is; resolves to the failure's message, or null. */
  const upload = () =>
    new Promise<string | null>((resolve) => {
      unsaved.current = false;
      canvas.current?.toBlob((blob) => {
        uploads.clear();
        setConfirmed(true);
        void uploads.add([{ blob: blob!, name: "signature.png", problem: null }]).then(([failure]) => resolve(failure));
      }, "image/png");
    });
  const flush = useRef(() => null as Promise<string | null> | null);
  // An upload already on its way is not flushed: the form's upload tracker holds the form back until it lands.
  // A failed one is the respondent's to retry or clear: it is not quietly left out.
  flush.current = () => {
    const failed = uploads.items.find((i) => i.state === "failed");
    return unsaved.current ? upload() : failed ? Promise.resolve(failed.error!) : null;
  };
  useEffect(() => {
    env.setFlush(q.key, () => flush.current());
    return () => env.setFlush(q.key, undefined);
  }, [env, q.key]);

  /** The drawing changed: a confirmed signature no longer matches it. */
  const changed = (inkLeft: boolean) => {
    unsaved.current = inkLeft;
    if (confirmed || uploads.items.length) {
      uploads.clear();
      setConfirmed(false);
    }
  };

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * WIDTH) / r.width, y: ((e.clientY - r.top) * HEIGHT) / r.height };
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    if (typed) {
      // Drawing replaces a typed name.
      setTyped("");
      paper(ctx()!);
    }
    drawing.current = point(e);
    const c = ctx()!;
    c.fillStyle = INK;
    c.beginPath();
    c.arc(drawing.current.x, drawing.current.y, 1.5, 0, Math.PI * 2);
    c.fill();
    changed(true);
    setInked(true);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const from = drawing.current;
    if (!from) return;
    const to = point(e);
    const c = ctx()!;
    c.strokeStyle = INK;
    c.lineWidth = 3;
    c.lineCap = "round";
    c.lineJoin = "round";
    c.beginPath();
    c.moveTo(from.x, from.y);
    c.lineTo(to.x, to.y);
    c.stroke();
    drawing.current = to;
  };
  const up = () => {
    drawing.current = null;
  };

  const writeName = (name: string) => {
    setTyped(name);
    const c = ctx();
    if (!c) return;
    paper(c);
    changed(name.trim() !== "");
    setInked(name.trim() !== "");
    if (!name.trim()) return;
    c.fillStyle = INK;
    c.textAlign = "center";
    c.textBaseline = "middle";
    let size = 64;
    do {
      c.font = `italic ${size}px "Segoe Script", "Brush Script MT", cursive`;
      size -= 4;
    } while (c.measureText(name).width > WIDTH - 40 && size > 16);
    c.fillText(name, WIDTH / 2, HEIGHT / 2);
  };

  const clear = () => {
    setTyped("");
    setInked(false);
    paper(ctx()!);
    changed(false);
  };

  return (
    <GroupFrame props={props}>
      <div className="fl-signature fl-js">
        <canvas
          ref={canvas}
          width={WIDTH}
          height={HEIGHT}
          className="fl-signature-pad"
          role="img"
          aria-label={t("signaturePad")}
          data-inked={inked ? "" : undefined}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
        />
        <div className="fl-signature-row">
          <label className="fl-signature-typed">
            <span>{t("typeYourName")}</span>
            <input className="fl-input" type="text" autoComplete="name" value={typed} onChange={(e) => writeName(e.target.value)} />
          </label>
        </div>
        <div className="fl-signature-actions">
          <button type="button" className="fl-button" onClick={() => void upload()} disabled={!inked || busy || Boolean(saved)}>
            {saved ? t("signatureSaved") : busy ? t("saving") : t("useSignature")}
          </button>
          <button type="button" className="fl-link-button" onClick={clear} disabled={!inked && !saved}>{t("clear")}</button>
        </div>
        {uploads.items.some((i) => i.state !== "done") ? (
          <FileRows items={uploads.items.filter((i) => i.state !== "done")} idBase={base} cancel={uploads.cancel} retry={uploads.retry} remove={uploads.remove} />
        ) : null}
        <p className="fl-sr" aria-live="polite">{saved ? t("signatureSaved") : uploads.said}</p>
      </div>
      <div className="fl-nojs">
        <p className="fl-hint">{t("signatureNeedsScript")}</p>
        <input className="fl-file-input" type="file" name={q.key} accept="image/png" aria-label={`${q.title}: PNG image of your signature`} />
      </div>
    </GroupFrame>
  );
}

export const signatureControl = {
  Field: Signature,
  advancesOnPick: false,
  postsFiles: true,
} satisfies RespondentControl<"signature">;
