/**
 * Copies a value to the clipboard and says so ("Copied" for 2 s).
 *
 *   <CopyButton value={url} label="Copy link" />
 *
 * `value` may be a path ("/s/team-lunch"): it is made absolute with the
 * page's origin when `absolute` is set.
 */
"use client";

import { useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";

export function CopyButton({ value, label = "Copy", absolute = false, variant = "secondary", size = "sm" }: { value: string; label?: string; absolute?: boolean; variant?: ButtonVariant; size?: ButtonSize }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    const text = absolute ? new URL(value, window.location.origin).toString() : value;
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    setTimeout(() => setState("idle"), 2000);
  };
  return (
    <Button variant={variant} size={size} onClick={copy} aria-live="polite">
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}
    </Button>
  );
}
