"use client";

/**
 * The responses of one page as a table: one column per question of the
 * published version (in its order) plus the submission time (and the
 * respondent's language when the form has translations). A row opens the
 * whole response in a side panel, by click or by Enter/Space on the focused
 * row; the panel can delete the response (and restore one held as suspected spam).
 */
import { useRef, useState, type KeyboardEvent } from "react";
import { formatAnswer, questionLabel, truncate } from "@/lib/responses/view-model";
import { fileNames, filesOf } from "./file-answer";
import { ResponseDetail } from "./response-detail";
import { LocalTime } from "@/components/ui";
import { languageLabel } from "@/lib/i18n/languages";
import type { ResponseColumn, ResponseRow } from "./types";
import styles from "./responses.module.css";

interface Props {
  formId: string;
  columns: ResponseColumn[];
  rows: ResponseRow[];
  /** e.g. "Responses 21–40 of 57" */
  caption: string;
  /** A response linked to (?response=<id>, e.g. from a notification email): open at first, even when on another page. */
  linked?: ResponseRow;
  /** A Language column (the form has translations). */
  showLanguage?: boolean;
}

export function ResponsesTable({ formId, columns, rows, caption, linked, showLanguage = false }: Props) {
  const [openId, setOpenId] = useState<string | null>(linked?.id ?? null);
  // Focus returns to the row that opened the panel, or to the table after a delete.
  const opener = useRef<HTMLTableRowElement | null>(null);
  const wrap = useRef<HTMLDivElement | null>(null);
  const openIndex = rows.findIndex((r) => r.id === openId);
  const open = openIndex >= 0 ? rows[openIndex] : linked && linked.id === openId ? linked : null;
  // Stepping moves the return point too, so closing lands on the row last shown.
  const step = (index: number) => {
    opener.current = wrap.current?.querySelectorAll<HTMLTableRowElement>("tbody tr")[index] ?? opener.current;
    setOpenId(rows[index].id);
  };

  // Once closed, a reload should not open the linked response again.
  function forgetLink() {
    if (!linked) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("response");
    window.history.replaceState(null, "", url);
  }

  function show(row: HTMLTableRowElement, id: string) {
    opener.current = row;
    setOpenId(id);
  }

  function onRowKey(event: KeyboardEvent<HTMLTableRowElement>, id: string) {
    const row = event.currentTarget;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      show(row, id);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      // Arrows walk the rows, as in a mail list; Tab still works too.
      const next = event.key === "ArrowDown" ? row.nextElementSibling : row.previousElementSibling;
      if (next instanceof HTMLTableRowElement) {
        event.preventDefault();
        next.focus();
      }
    }
  }

  return (
    <>
      {/* Focusable so that a wide table can be scrolled sideways from the keyboard. */}
      <div className="table-wrap" ref={wrap} role="region" aria-label="Responses" tabIndex={0}>
        <table className={`table ${styles.table}`}>
          <caption className={styles.caption}>
            {caption}
            <span className="visually-hidden">. Press Enter on a row to see the whole response; arrow keys move between rows.</span>
          </caption>
          <thead>
            <tr>
              <th scope="col" className={styles.dateCell}>Submitted</th>
              {showLanguage && <th scope="col">Language</th>}
              {columns.map((c) => (
                <th scope="col" key={c.key} title={questionLabel(c)}>{truncate(questionLabel(c), 40)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                tabIndex={0}
                className={`clickable ${styles.row}`}
                data-response-id={row.id}
                data-open={openId === row.id || undefined}
                onClick={(e) => show(e.currentTarget, row.id)}
                onKeyDown={(e) => onRowKey(e, row.id)}
              >
                <td className={styles.dateCell}>
                  <LocalTime value={row.submittedAt} />
                </td>
                {showLanguage && <td data-language={row.language}>{languageLabel(row.language)}</td>}
                {columns.map((c) => {
                  const files = filesOf(row.answers[c.key]);
                  const text = files ? fileNames(files) : formatAnswer(row.answers[c.key], c);
                  return (
                    <td key={c.key} title={text.length > 60 ? text : undefined}>
                      {text ? truncate(text, 60) : <span className="muted"><span aria-hidden="true">—</span><span className="visually-hidden">No answer</span></span>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open && (
        <ResponseDetail
          formId={formId}
          columns={columns}
          response={open}
          position={openIndex >= 0 ? `${openIndex + 1} of ${rows.length} on this page` : "Linked response"}
          onNewer={openIndex > 0 ? () => step(openIndex - 1) : undefined}
          onOlder={openIndex < rows.length - 1 ? () => step(openIndex + 1) : undefined}
          onClose={() => {
            forgetLink();
            setOpenId(null);
            opener.current?.focus();
          }}
          onDeleted={() => {
            forgetLink();
            setOpenId(null);
            wrap.current?.focus();
          }}
          onRestored={() => {
            forgetLink();
            setOpenId(null);
            wrap.current?.focus();
          }}
        />
      )}
    </>
  );
}
