/**
 * A date-time in the viewer's own time zone and locale.
 *
 *   <LocalTime value={form.updatedAt} />            "Nov 23, 2026, 9:41 AM"
 *   <LocalTime value={iso} dateOnly />               "Nov 23, 2026"
 *   <LocalTime value={null} fallback="Never" />
 *
 * The server renders UTC and the browser re-renders in local time (the
 * server cannot know the viewer's zone), hence suppressHydrationWarning.
 */
"use client";

import { useEffect, useState } from "react";

export function formatDateTime(iso: string, dateOnly = false, timeZone?: string) {
  const options: Intl.DateTimeFormatOptions = dateOnly ? { dateStyle: "medium", timeZone } : { dateStyle: "medium", timeStyle: "short", timeZone };
  return new Intl.DateTimeFormat(timeZone ? "en-US" : undefined, options).format(new Date(iso));
}

export function LocalTime({ value, dateOnly = false, fallback = "—" }: { value: string | null | undefined; dateOnly?: boolean; fallback?: string }) {
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  if (!value) return <span>{fallback}</span>;
  return (
    <time dateTime={value} title={value} suppressHydrationWarning>
      {local ? formatDateTime(value, dateOnly) : formatDateTime(value, dateOnly, "UTC")}
    </time>
  );
}
