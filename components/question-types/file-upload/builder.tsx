"use client";
import { Controller, useFormContext } from "react-hook-form";
import { toOptionalNumber, type BuilderValues } from "@/components/builder/types";
import { Checkbox, Input } from "@/components/ui";
import { DEFAULT_FILE_MB, uploadMaxFileMb } from "@/lib/files/limits";
import type { BuilderEditor, EditorProps } from "../types";

/** Kinds of files an owner picks from; none picked: the server's default list (documents, images, audio, video). */
export const ACCEPT_PRESETS = [
  { label: "Images", accept: ["image/*"] },
  { label: "PDF", accept: ["application/pdf"] },
  { label: "Office documents", accept: [".docx", ".xlsx", ".pptx", ".odt", ".ods", ".odp"] },
  { label: "Audio", accept: ["audio/*"] },
  { label: "Video", accept: ["video/*"] },
] as const;

function FileUploadEditor(props: EditorProps) {
  const { register, control } = useFormContext<BuilderValues>();
  const { path, err } = props;
  return (
    <>
      <div className="form-grid">
        <Input label="Files per answer (1–10)" type="number" min={1} max={10} placeholder="1" error={err("maxFiles")} {...register(`${path}.maxFiles`, { setValueAs: toOptionalNumber })} />
        <Input
          label={`Size per file, MB (at most ${uploadMaxFileMb()})`}
          type="number"
          min={1}
          max={uploadMaxFileMb()}
          step="any"
          placeholder={String(DEFAULT_FILE_MB)}
          error={err("maxFileSizeMB")}
          {...register(`${path}.maxFileSizeMB`, { setValueAs: toOptionalNumber })}
        />
      </div>
      <Controller
        control={control}
        name={`${path}.accept`}
        render={({ field }) => {
          const now = field.value ?? [];
          const others = now.filter((a) => !ACCEPT_PRESETS.some((p) => (p.accept as readonly string[]).includes(a)));
          const toggle = (accept: readonly string[], on: boolean) => {
            const next = on ? [...new Set([...now, ...accept])] : now.filter((a) => !accept.includes(a));
            field.onChange(next.length ? next : undefined);
          };
          return (
            <fieldset className="stack-sm" style={{ border: 0, padding: 0, margin: 0 }}>
              <legend className="field-label" style={{ marginBottom: 4 }}>Accepted files</legend>
              <p className="muted small" style={{ margin: 0 }}>None ticked: documents, images, audio and video. The server checks each file&apos;s bytes, not its name.</p>
              <div className="row">
                {ACCEPT_PRESETS.map((p) => (
                  <Checkbox key={p.label} label={p.label} checked={p.accept.every((a) => now.includes(a))} onChange={(e) => toggle(p.accept, e.target.checked)} />
                ))}
              </div>
              {others.length ? <p className="muted small" style={{ margin: 0 }}>Also accepted (set through the API): <span className="mono">{others.join(", ")}</span></p> : null}
              {err("accept") && <span className="field-error" role="alert">{err("accept")}</span>}
            </fieldset>
          );
        }}
      />
    </>
  );
}

export const fileUploadEditor = {
  label: "File upload",
  create: (key, title) => ({ key, type: "file-upload", title }),
  Editor: FileUploadEditor,
} satisfies BuilderEditor<"file-upload">;
