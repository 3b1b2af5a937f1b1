"use client";
/**
 * Attach files: the native file input (keyboard, screen readers, and on
 * phones the system sheet offering camera, gallery or files — no `capture`
 * attribute, which would force the camera), a drop zone on desktop, and each
 * file uploaded at once with progress, cancel, retry and remove. The answer
 * is the list of uploaded file ids. Without JavaScript the same input posts
 * its files with the page's multipart form.
 */
import { useRef, useState, type DragEvent } from "react";
import { useI18n } from "@/components/respondent/i18n";
import { DEFAULT_FILE_MB } from "@/lib/files/limits";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { describedBy, Description, ErrorText, idsOf, Title } from "../shared/frame";
import { useRespondentEnv } from "../shared/respondent-env";
import type { QuestionFieldProps, RespondentControl } from "../types";
import { FileRows, useUploads } from "./file-list";
import { describeAccept, precheck } from "./upload";

function FileUpload(props: QuestionFieldProps<QuestionOf<"file-upload">>) {
  const { question: q, value, onChange, idPrefix, error, marker } = props;
  const { t } = useI18n();
  const ids = idsOf(q, idPrefix);
  const env = useRespondentEnv();
  const maxFiles = q.maxFiles ?? 1;
  const rules = { accept: q.accept ?? [], maxFileSizeMB: q.maxFileSizeMB ?? DEFAULT_FILE_MB };
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [local, setLocal] = useState("");
  const uploads = useUploads(q.key, Array.isArray(value) ? value : [], (list) => onChange(list.length ? list : undefined, "input"));
  const kept = uploads.items.filter((i) => i.state !== "failed").length;

  const take = (files: FileList | null) => {
    if (!files?.length) return;
    const room = maxFiles - kept;
    const list = Array.from(files);
    setLocal(list.length > room ? (maxFiles === 1 ? t("attachOneOnly") : t("vAttachAtMost", { max: maxFiles })) : "");
    void uploads.add(list.slice(0, Math.max(0, room)).map((f) => ({ blob: f, name: f.name, problem: precheck(f, rules, t) })));
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files);
  };
  const hintId = `${ids.input}-hint`;
  const full = kept >= maxFiles;

  return (
    <div className="fl-q">
      <label className="fl-title" htmlFor={ids.input}><Title q={q} marker={marker} /></label>
      <Description q={q} id={ids.desc} />
      <div
        className={`fl-drop${over ? " fl-drop-over" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <input
          ref={input}
          id={ids.input}
          className="fl-file-input"
          type="file"
          name={q.key}
          multiple={maxFiles > 1}
          accept={q.accept?.join(",")}
          disabled={full && !env.preview}
          aria-describedby={`${hintId} ${describedBy(q, ids)}`}
          aria-invalid={error || local ? true : undefined}
          aria-required={q.required ? true : undefined}
          onChange={(e) => {
            take(e.target.files);
            e.target.value = ""; // the files are on their way; choosing the same one again must fire again
          }}
        />
        <label htmlFor={ids.input} className="fl-drop-label fl-js">
          <span className="fl-drop-button">{t("chooseFiles", { count: maxFiles })}</span>
          <span className="fl-drop-or"> {t("dragHere", { count: maxFiles })}</span>
        </label>
      </div>
      <p className="fl-hint" id={hintId}>
        {t("filesHint", { count: maxFiles, size: rules.maxFileSizeMB })}
        {q.accept?.length ? ` (${describeAccept(q.accept)})` : ""}.
      </p>
      <FileRows items={uploads.items} idBase={ids.input} cancel={uploads.cancel} retry={uploads.retry} remove={uploads.remove} />
      <p className="fl-sr" aria-live="polite">{uploads.said}</p>
      <ErrorText id={ids.err} error={error || local || undefined} />
    </div>
  );
}

export const fileUploadControl = {
  Field: FileUpload,
  advancesOnPick: false,
  postsFiles: true,
} satisfies RespondentControl<"file-upload">;
