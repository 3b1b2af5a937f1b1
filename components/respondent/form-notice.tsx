/**
 * What the public page shows instead of the form when it cannot take this
 * person's answers (server-rendered; no JavaScript needed). The page's
 * <main> is the page's: app/s/layout.tsx (thanks page) or components/respondent/ssr.tsx (notices).
 */
import type { ReactNode } from "react";
import { themeStyle, type Theme } from "@/lib/theme/style";
import { Logo } from "./brand";

export type NoticeKind = "not_found" | "not_open" | "closed" | "full" | "already_responded";

function formatOpening(date: Date) {
  // The server cannot know the respondent's zone: say UTC plainly.
  const text = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: "UTC" }).format(date);
  return <time dateTime={date.toISOString()}>{text} UTC</time>;
}

/** `theme`: the form's brand, when the form is known (not on "not found"). */
export function FormNotice({ kind, title, opensAt, theme }: { kind: NoticeKind; title?: string; opensAt?: Date | null; theme?: Theme }) {
  const content: Record<NoticeKind, { icon: string; heading: string; text: ReactNode }> = {
    not_found: {
      icon: "🔍",
      heading: "This form isn’t available",
      text: "The link may be mistyped, or the form is no longer published. Check the address, or ask whoever shared it for a new link.",
    },
    not_open: {
      icon: "🕒",
      heading: "This form isn’t open yet",
      text: opensAt ? <>It opens on {formatOpening(opensAt)}. Come back then!</> : "Come back a little later.",
    },
    closed: { icon: "🔒", heading: "This form is closed", text: "It no longer accepts responses. Thank you for your interest." },
    full: { icon: "✅", heading: "This form is full", text: "It has received all the responses it can take. Thank you for your interest." },
    already_responded: {
      icon: "✓",
      heading: "You’ve already answered this form",
      text: "It accepts one response per person, and we have yours. Thank you!",
    },
  };
  const c = content[kind];
  return (
    <div className="fl-r fl-notice" data-notice={kind} style={themeStyle(theme)}>
      <div className="fl-notice-card">
        <Logo theme={theme} />
        <p className="fl-notice-icon" aria-hidden="true">{c.icon}</p>
        {title ? <p className="fl-notice-form">{title}</p> : null}
        <h1>{c.heading}</h1>
        <p>{c.text}</p>
      </div>
    </div>
  );
}
