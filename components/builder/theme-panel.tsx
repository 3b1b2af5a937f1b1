/**
 * The Design panel: the form's `theme` (lib/theme) — a preset, the colours
 * with a WCAG AA contrast check per pair (a warning and the nearest passing
 * colour, one click to use it), the corner radius, a system font, the logo
 * and cover (form assets), and the buttons' words. It edits the draft's
 * `theme` through react-hook-form like every other field, so it autosaves
 * and the live preview shows it at once.
 */
"use client";

import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button, Field, Input, Select } from "@/components/ui";
import { assetUrl } from "@/lib/files/asset-url";
import { IMAGE_TYPES, uploadAsset } from "@/components/question-types/picture-choice/builder";
import { checkContrast } from "@/lib/theme/checks";
import { formatRatio, HEX_COLOR } from "@/lib/theme/contrast";
import { themePresets, type ThemePreset } from "@/lib/theme/presets";
import {
  buttonLabelKeys, colorRoles, defaultButtonLabels, RADIUS_MAX, resolveLook, themeFonts,
  type ButtonLabelKey, type ColorRole, type Theme, type ThemeFont,
} from "@/lib/theme/style";
import type { BuilderValues } from "./types";

const colorNames: Record<ColorRole, string> = { background: "Background", text: "Text", accent: "Accent (buttons, selection)", buttonText: "Button text" };
const fontNames: Record<ThemeFont, string> = { sans: "Sans-serif (system)", serif: "Serif (system)", rounded: "Rounded (system)", mono: "Monospace (system)" };
const labelNames: Record<ButtonLabelKey, string> = { start: "Start button (immersive welcome)", next: "Next button (immersive)", submit: "Submit button" };

/** Drops empty parts, so a cleared field means "the default" and an empty theme is no theme. */
function tidy(theme: Theme): Theme | undefined {
  const out: Theme = {};
  const colors = Object.fromEntries(Object.entries(theme.colors ?? {}).filter(([, v]) => v));
  if (Object.keys(colors).length) out.colors = colors;
  const labels = Object.fromEntries(Object.entries(theme.labels ?? {}).filter(([, v]) => v !== undefined && v !== ""));
  if (Object.keys(labels).length) out.labels = labels;
  if (theme.radius !== undefined) out.radius = theme.radius;
  if (theme.font) out.font = theme.font;
  if (theme.logo) {
    out.logo = theme.logo;
    if (theme.logoAlt) out.logoAlt = theme.logoAlt;
  }
  if (theme.cover) out.cover = theme.cover;
  return Object.keys(out).length ? out : undefined;
}

const samePreset = (theme: Theme | undefined, p: ThemePreset) => {
  const look = resolveLook(theme);
  return look.radius === p.radius && look.font === p.font && colorRoles.every((r) => look.colors[r] === p.colors[r]);
};

export function ThemePanel({ formId }: { formId: string }) {
  const { control, setValue, formState } = useFormContext<BuilderValues>();
  const theme = (useWatch({ control, name: "theme" }) ?? undefined) as Theme | undefined;
  const look = resolveLook(theme);
  const errors = formState.errors.theme as Record<string, { message?: string } & Record<string, { message?: string }>> | undefined;

  const update = (change: (t: Theme) => Theme) => setValue("theme", tidy(change(theme ?? {})), { shouldDirty: true, shouldValidate: true });
  const setColor = (role: ColorRole, value: string) => update((t) => ({ ...t, colors: { ...t.colors, [role]: value } }));
  const applyPreset = (p: ThemePreset) => update((t) => ({ ...t, colors: { ...p.colors }, radius: p.radius, font: p.font }));
  const checks = checkContrast(look.colors);

  return (
    <div className="stack" data-testid="theme-panel">
      <Field id="theme-presets" label="Preset">
        <div id="theme-presets" className="row" role="group" aria-label="Theme presets">
          {themePresets.map((p) => (
            <button
              key={p.id}
              type="button"
              className="btn btn-sm btn-secondary"
              aria-pressed={samePreset(theme, p)}
              onClick={() => applyPreset(p)}
              style={{ background: p.colors.background, color: p.colors.text, borderRadius: p.radius, borderColor: p.colors.accent }}
            >
              <span aria-hidden="true" style={{ display: "inline-block", width: 10, height: 10, borderRadius: 5, background: p.colors.accent, marginRight: 6 }} />
              {p.name}
            </button>
          ))}
        </div>
      </Field>

      <div className="stack-sm">
        {colorRoles.map((role) => {
          const raw = theme?.colors?.[role] ?? "";
          const shown = raw || look.colors[role];
          return (
            <div key={role} className="row" style={{ alignItems: "flex-end", flexWrap: "nowrap" }}>
              <input
                type="color"
                aria-label={`${colorNames[role]} colour picker`}
                value={HEX_COLOR.test(shown) ? shown.toLowerCase() : "#000000"}
                onChange={(e) => setColor(role, e.target.value)}
                style={{ width: 44, height: 36, padding: 2, flex: "none" }}
              />
              <div className="grow">
                <Input
                  label={colorNames[role]}
                  value={raw}
                  placeholder={look.colors[role]}
                  spellCheck={false}
                  error={errors?.colors?.[role]?.message}
                  onChange={(e) => setColor(role, e.target.value.trim())}
                />
              </div>
            </div>
          );
        })}
      </div>

      <div className="stack-sm" aria-live="polite" data-testid="contrast-checks">
        {checks.map((c) =>
          c.ok ? (
            <p key={c.foreground} className="small muted" style={{ margin: 0 }} data-testid="contrast-ok">
              ✓ {c.label}: {formatRatio(c.ratio)} (WCAG AA needs {c.min}:1)
            </p>
          ) : (
            <div key={c.foreground} className="alert alert-warning" role="status" data-testid="contrast-warning" data-pair={`${c.foreground}-${c.background}`}>
              <strong>Low contrast.</strong> {c.label}: {formatRatio(c.ratio)}; WCAG AA needs {c.min}:1
              {c.foreground === "accent" ? " for buttons and selected answers" : ""}.
              {c.suggestion ? (
                <>
                  {" "}The nearest {colorNames[c.foreground].toLowerCase()} colour that passes is <code data-testid="contrast-suggestion">{c.suggestion}</code>.{" "}
                  <Button size="sm" variant="secondary" onClick={() => setColor(c.foreground, c.suggestion!)}>Use {c.suggestion}</Button>
                </>
              ) : null}
            </div>
          ),
        )}
      </div>

      <Input
        label={`Corner radius: ${look.radius}px`}
        type="range"
        min={0}
        max={RADIUS_MAX}
        step={1}
        value={look.radius}
        onChange={(e) => update((t) => ({ ...t, radius: Number(e.target.value) }))}
        error={errors?.radius?.message}
      />
      <Select
        label="Font"
        hint="System fonts only: nothing is downloaded"
        options={themeFonts.map((f) => ({ value: f, label: fontNames[f] }))}
        value={look.font}
        onChange={(e) => update((t) => ({ ...t, font: e.target.value as ThemeFont }))}
      />

      <ImageField label="Logo" field="logo" formId={formId} theme={theme} update={update} error={errors?.logo?.message} />
      {theme?.logo ? (
        <Input
          label="Logo text alternative"
          hint="Your organisation's name, for screen readers; empty = decorative"
          value={theme.logoAlt ?? ""}
          onChange={(e) => update((t) => ({ ...t, logoAlt: e.target.value }))}
          error={errors?.logoAlt?.message}
        />
      ) : null}
      <ImageField label="Cover image" field="cover" formId={formId} theme={theme} update={update} error={errors?.cover?.message} />

      <div className="stack-sm">
        {buttonLabelKeys.map((key) => (
          <Input
            key={key}
            label={labelNames[key]}
            placeholder={defaultButtonLabels[key]}
            maxLength={40}
            value={theme?.labels?.[key] ?? ""}
            error={errors?.labels?.[key]?.message}
            onChange={(e) => update((t) => ({ ...t, labels: { ...t.labels, [key]: e.target.value } }))}
          />
        ))}
      </div>
      <div>
        <Button variant="ghost" size="sm" disabled={!theme} onClick={() => setValue("theme", undefined, { shouldDirty: true, shouldValidate: true })}>
          Reset to the default theme
        </Button>
      </div>
    </div>
  );
}

function ImageField({ label, field, formId, theme, update, error }: {
  label: string; field: "logo" | "cover"; formId: string; theme: Theme | undefined; update: (change: (t: Theme) => Theme) => void; error?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = theme?.[field];
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    const r = await uploadAsset(formId, file);
    setBusy(false);
    if (r.ok) update((t) => ({ ...t, [field]: r.id }));
    else setProblem(`Could not upload the image: ${r.message}`);
  };
  return (
    <Field id={`theme-${field}`} label={label} error={error ?? problem ?? undefined}>
      <div className="row" style={{ alignItems: "center" }}>
        {id ? <img src={assetUrl(id)} alt="" height={40} style={{ maxWidth: 160, objectFit: "contain" }} data-testid={`theme-${field}-thumb`} /> : <span className="small muted">None</span>}
        <input id={`theme-${field}`} type="file" accept={IMAGE_TYPES} disabled={busy} aria-label={`Upload ${label.toLowerCase()}`} onChange={(e) => { void upload(e.target.files?.[0]); e.target.value = ""; }} />
        {id ? <Button variant="ghost" size="sm" onClick={() => update((t) => ({ ...t, [field]: undefined, ...(field === "logo" && { logoAlt: undefined }) }))}>Remove {label.toLowerCase()}</Button> : null}
        {busy && <span className="small muted" role="status">Uploading…</span>}
      </div>
    </Field>
  );
}
