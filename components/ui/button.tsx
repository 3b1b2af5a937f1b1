/**
 * Button and button-styled links.
 *
 *   <Button>Save</Button>                         primary by default
 *   <Button variant="secondary|danger|ghost" size="sm" loading>…</Button>
 *   <ButtonLink href="/forms" variant="secondary">Back</ButtonLink>
 *   buttonClass("primary", "sm")                  the class string, for other elements
 *
 * `loading` disables the button and shows a spinner (the label stays, so the
 * accessible name does not change mid-action). type defaults to "button".
 */
import Link from "next/link";
import type { ButtonHTMLAttributes, ComponentProps, Ref } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "md" | "sm";

export const buttonClass = (variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string) =>
  ["btn", `btn-${variant}`, size === "sm" && "btn-sm", extra].filter(Boolean).join(" ");

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = "primary", size = "md", loading = false, className, disabled, type = "button", children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, size, className)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <span className="spinner" aria-hidden="true" style={{ width: 14, height: 14 }} />}
      {children}
    </button>
  );
}

export function ButtonLink({ variant = "primary", size = "md", className, ...rest }: ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link className={buttonClass(variant, size, className)} {...rest} />;
}
