/**
 * What the public page shows instead of the form when it cannot take this
 * person's answers (server-rendered; no JavaScript needed). The page's
 * <main> is the page's: app/s/layout.tsx (thanks page) or components/respondent/ssr.tsx (notices).
 */
import type { ReactNode } from "react";
import { themeStyle, type Theme } from "@/lib/theme/style";
import { Logo } from "./brand";
import { useI18n } from "./i18n";

export type NoticeKind = "not_found" | "not_open" | "closed" | "full" | "already_responded";

function formatOpening(date: Date, language: string) {
  // The server cannot know the respondent's zone: say UTC plainly. The date reads as the page's language writes dates.
  const text = new Intl.DateTimeFormat(language === "en" ? "en-GB" : language, { dateStyle: "full", timeStyle: "short", timeZone: "UTC" }).format(date);
  return `${text} UTC`;
}

/** Where the date goes in the translated sentence: only the date itself is the <time> element. */
const DATE_SLOT = "\u2063";
function opensOn(sentence: string, date: Date, language: string): ReactNode {
  const [before, after = ""] = sentence.split(DATE_SLOT);
  return <>{before}<time dateTime={date.toISOString()}>{formatOpening(date, language)}</time>{after}</>;
}

/** `theme`: the form's brand, when the form is known (not on "not found"). */
export function FormNotice({ kind, title, opensAt, theme }: { kind: NoticeKind; title?: string; opensAt?: Date | null; theme?: Theme }) {
  const { t, language } = useI18n();
  const content: Record<NoticeKind, { icon: string; heading: string; text: ReactNode }> = {
    not_found: { icon: "🔍", heading: t("noticeNotFoundHeading"), text: t("noticeNotFoundText") },
    not_open: {
      icon: "🕒",
      heading: t("noticeNotOpenHeading"),
      text: opensAt ? opensOn(t("noticeOpensOn", { date: DATE_SLOT }), opensAt, language) : t("noticeComeBackLater"),
    },
    closed: { icon: "🔒", heading: t("noticeClosedHeading"), text: t("noticeClosedText") },
    full: { icon: "✅", heading: t("noticeFullHeading"), text: t("noticeFullText") },
    already_responded: { icon: "✓", heading: t("noticeAnsweredHeading"), text: t("noticeAnsweredText") },
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
