/**
 * Labelled form controls with a hint and an error message, wired for
 * react-hook-form (spread `register(...)`; React 19 passes `ref` as a prop).
 *
 *   <Input label="Email" type="email" error={errors.email?.message} {...register("email")} />
 *   <Textarea label="Description" hint="Shown under the title" {...register("description")} />
 *   <Select label="Scope" options={[{ value: "read", label: "Read" }]} {...register("scope")} />
 *   <Checkbox label="Required" {...register("required")} />
 *   <Field label="Options" error={…}>{anything}</Field>   a label + error around custom content
 *
 * The error is linked with aria-describedby and sets aria-invalid. `id`
 * defaults to one generated with useId.
 */
"use client";

import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

interface FieldChrome {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Hide the label visually (it stays for screen readers). */
  hideLabel?: boolean;
}

function describedBy(id: string, hint?: ReactNode, error?: string) {
  return [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

function Chrome({ id, label, hint, error, hideLabel, children }: FieldChrome & { id: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : "field-label"}>{label}</label>
      {children}
      {hint && <span id={`${id}-hint`} className="field-hint">{hint}</span>}
      {error && <span id={`${id}-error`} className="field-error" role="alert">{error}</span>}
    </div>
  );
}

/** A label and an error around custom content (give the content `id`). */
export function Field({ id, label, hint, error, children }: FieldChrome & { id: string; children: ReactNode }) {
  return <Chrome id={id} label={label} hint={hint} error={error}>{children}</Chrome>;
}

export function Input({ label, hint, error, hideLabel, id, className, ref, ...rest }: FieldChrome & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Chrome id={fid} label={label} hint={hint} error={error} hideLabel={hideLabel}>
      <input id={fid} ref={ref} className={["input", className].filter(Boolean).join(" ")} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fid, hint, error)} {...rest} />
    </Chrome>
  );
}

export function Textarea({ label, hint, error, hideLabel, id, className, ref, ...rest }: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Chrome id={fid} label={label} hint={hint} error={error} hideLabel={hideLabel}>
      <textarea id={fid} ref={ref} className={["textarea", className].filter(Boolean).join(" ")} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fid, hint, error)} {...rest} />
    </Chrome>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function Select({ label, hint, error, hideLabel, id, options, className, ref, ...rest }: FieldChrome & SelectHTMLAttributes<HTMLSelectElement> & { options: SelectOption[]; ref?: Ref<HTMLSelectElement> }) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Chrome id={fid} label={label} hint={hint} error={error} hideLabel={hideLabel}>
      <select id={fid} ref={ref} className={["select", className].filter(Boolean).join(" ")} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fid, hint, error)} {...rest}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </Chrome>
  );
}

export function Checkbox({ label, hint, error, id, ref, ...rest }: Omit<FieldChrome, "hideLabel"> & Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { ref?: Ref<HTMLInputElement> }) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div className="field">
      <label className="checkbox" htmlFor={fid}>
        <input id={fid} ref={ref} type="checkbox" aria-describedby={describedBy(fid, hint, error)} aria-invalid={error ? true : undefined} {...rest} />
        {label}
      </label>
      {hint && <span id={`${fid}-hint`} className="field-hint">{hint}</span>}
      {error && <span id={`${fid}-error`} className="field-error" role="alert">{error}</span>}
    </div>
  );
}
