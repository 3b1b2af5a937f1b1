"use client";
/**
 * Picture choice settings: the pictures (a label each, and an image uploaded
 * as a form asset through POST /api/forms/:id/assets), several picks or one.
 */
import { useState } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { toOptionalNumber, type BuilderValues } from "@/components/builder/types";
import { Button, Checkbox, Input } from "@/components/ui";
import { useBuilderForm } from "../shared/builder-form";
import type { BuilderEditor, EditorProps } from "../types";
import { assetUrl } from "@/lib/files/asset-url";

type Picture = { label: string; image?: string };

/** The asset types the server takes (never SVG: it could carry script). */
export const IMAGE_TYPES = "image/png,image/jpeg,image/gif,image/webp,image/avif";

export async function uploadAsset(formId: string, file: File): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const body = new FormData();
  body.append("file", file, file.name);
  try {
    const res = await fetch(`/api/forms/${encodeURIComponent(formId)}/assets`, { method: "POST", body, credentials: "same-origin" });
    const json = await res.json().catch(() => null);
    if (res.status === 201 && json?.asset?.id) return { ok: true, id: json.asset.id };
    return { ok: false, message: json?.error?.message ?? `The server answered HTTP ${res.status}` };
  } catch {
    return { ok: false, message: "Could not reach the server. Check your connection and try again." };
  }
}

function PictureRow({ picture, index, count, formId, error, onChange, onMove, onRemove }: {
  picture: Picture; index: number; count: number; formId: string | null; error?: string;
  onChange: (p: Picture) => void; onMove: (to: number) => void; onRemove: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const n = index + 1;
  const upload = async (file: File | undefined) => {
    if (!file || !formId) return;
    setBusy(true);
    setProblem(null);
    const r = await uploadAsset(formId, file);
    setBusy(false);
    if (r.ok) onChange({ ...picture, image: r.id });
    else setProblem(`Could not upload the image: ${r.message}`);
  };
  return (
    <li className="stack-sm" data-testid="picture-row" style={{ listStyle: "none", borderTop: "1px solid var(--border, #e3e6ec)", paddingTop: 8 }}>
      <div className="row" style={{ flexWrap: "nowrap", alignItems: "center" }}>
        {picture.image ? (
          <img src={assetUrl(picture.image)} alt="" width={64} height={48} style={{ objectFit: "cover", borderRadius: 4, flex: "none" }} />
        ) : (
          <span className="muted small" style={{ width: 64, flex: "none" }}>No image</span>
        )}
        <div className="grow">
          <Input label={`Picture ${n} label`} hideLabel value={picture.label} error={error} onChange={(e) => onChange({ ...picture, label: e.target.value })} />
        </div>
        <Button variant="ghost" size="sm" className="btn-icon" aria-label={`Move picture ${n} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>↑</Button>
        <Button variant="ghost" size="sm" className="btn-icon" aria-label={`Move picture ${n} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>↓</Button>
        <Button variant="ghost" size="sm" className="btn-icon" aria-label={`Remove picture ${n}`} onClick={onRemove}>✕</Button>
      </div>
      <label className="small">
        {picture.image ? "Replace the image" : "Upload an image"} (PNG, JPEG, GIF, WebP or AVIF){" "}
        <input type="file" accept={IMAGE_TYPES} disabled={busy || !formId} aria-label={`Image for picture ${n}`} onChange={(e) => { void upload(e.target.files?.[0]); e.target.value = ""; }} />
      </label>
      {busy && <span className="muted small" role="status">Uploading…</span>}
      {problem && <span className="field-error" role="alert">{problem}</span>}
    </li>
  );
}

function PictureChoiceEditor({ path, err }: EditorProps) {
  const { control, register } = useFormContext<BuilderValues>();
  const { formId } = useBuilderForm();
  return (
    <>
      <Controller
        control={control}
        name={`${path}.pictures`}
        render={({ field }) => {
          const list: Picture[] = field.value ?? [];
          const set = (next: Picture[]) => field.onChange(next);
          const move = (from: number, to: number) => {
            if (to < 0 || to >= list.length) return;
            const next = [...list];
            const [item] = next.splice(from, 1);
            next.splice(to, 0, item);
            set(next);
          };
          const nextLabel = () => {
            for (let n = list.length + 1; ; n++) if (!list.some((p) => p.label === `Picture ${n}`)) return `Picture ${n}`;
          };
          return (
            <fieldset className="stack-sm" style={{ border: 0, padding: 0, margin: 0 }}>
              <legend className="field-label" style={{ marginBottom: 4 }}>Pictures</legend>
              <p className="muted small" style={{ margin: 0 }}>Each label is the answer stored and the image&apos;s description for screen readers.</p>
              <ul className="stack-sm" style={{ padding: 0, margin: 0 }}>
                {list.map((p, i) => (
                  <PictureRow
                    key={i}
                    picture={p}
                    index={i}
                    count={list.length}
                    formId={formId}
                    error={err(`pictures.${i}.label`) ?? err(`pictures.${i}.image`) ?? err(`pictures.${i}`)}
                    onChange={(next) => set(list.map((old, j) => (j === i ? next : old)))}
                    onMove={(to) => move(i, to)}
                    onRemove={() => set(list.filter((_, j) => j !== i))}
                  />
                ))}
              </ul>
              {err("pictures") && <span className="field-error" role="alert">{err("pictures")}</span>}
              <div><Button variant="secondary" size="sm" onClick={() => set([...list, { label: nextLabel() }])}>Add picture</Button></div>
            </fieldset>
          );
        }}
      />
      <div className="form-grid">
        <Checkbox label="Several pictures may be picked" {...register(`${path}.multiple`)} />
        <Input label="At most (selections, optional)" type="number" min={1} error={err("maxSelections")} {...register(`${path}.maxSelections`, { setValueAs: toOptionalNumber })} />
      </div>
    </>
  );
}

export const pictureChoiceEditor = {
  label: "Picture choice",
  // The images come from uploads: a new question has labelled tiles waiting for theirs.
  create: (key, title) => ({ key, type: "picture-choice", title, pictures: [{ label: "Picture 1" }, { label: "Picture 2" }] }),
  Editor: PictureChoiceEditor,
} satisfies BuilderEditor<"picture-choice">;
