/**
 * Tabs, two kinds:
 *
 * 1. Navigation tabs (each tab is a page):
 *      <TabNav label="Form sections" items={[{ href: `/forms/${id}`, label: "Build", exact: true }, …]} />
 *    The current page's tab gets aria-current="page" (matched on the path;
 *    `exact` for a tab whose href is a prefix of the others).
 *
 * 2. In-page tabs (WAI-ARIA tabs pattern, arrow keys move between tabs):
 *      <Tabs label="Side panel" tabs={[{ id: "preview", label: "Preview", content: <…/> }, …]} />
 *    Optional `selected` / `onSelect` to control it.
 */
"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface TabNavItem {
  href: string;
  label: string;
  exact?: boolean;
}

export function TabNav({ label, items }: { label: string; items: TabNavItem[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="tabs">
      {items.map((item) => {
        const current = item.exact ? pathname === item.href : pathname === item.href || pathname.startsWith(item.href + "/");
        return (
          <Link key={item.href} href={item.href} className="tab" aria-current={current ? "page" : undefined}>
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

export function Tabs({ label, tabs, selected, onSelect }: { label: string; tabs: TabItem[]; selected?: string; onSelect?: (id: string) => void }) {
  const [own, setOwn] = useState(tabs[0]?.id);
  const current = selected ?? own;
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (id: string) => (onSelect ? onSelect(id) : setOwn(id));

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = e.key === "ArrowRight" ? (index === last ? 0 : index + 1) : e.key === "ArrowLeft" ? (index === 0 ? last : index - 1) : e.key === "Home" ? 0 : e.key === "End" ? last : -1;
    if (next < 0) return;
    e.preventDefault();
    select(tabs[next].id);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="tabs">
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => { refs.current[i] = el; }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-controls={`${base}-panel-${tab.id}`}
            aria-selected={tab.id === current}
            tabIndex={tab.id === current ? 0 : -1}
            className="tab"
            onClick={() => select(tab.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`${base}-panel-${tab.id}`} aria-labelledby={`${base}-tab-${tab.id}`} hidden={tab.id !== current}>
          {tab.content}
        </div>
      ))}
    </div>
  );
}
