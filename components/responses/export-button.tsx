"use client";

/**
 * "Export CSV" downloads exactly the filtered set: the link carries the same
 * filters as the table (every page, not just the visible one). The browser
 * sends the session cookie with it, so no token is ever put in a URL.
 */
import { useState } from "react";
import { buttonClass, Checkbox } from "@/components/ui";
import { exportHref, type ResponseFilters } from "@/lib/responses/view-model";
import styles from "./responses.module.css";

export function ExportButton({ formId, filters, hasMetadata }: { formId: string; filters: ResponseFilters; hasMetadata: boolean }) {
  const [includeMetadata, setIncludeMetadata] = useState(false);
  return (
    <div className={styles.export}>
      {hasMetadata && (
        <Checkbox label="Include metadata" checked={includeMetadata} onChange={(e) => setIncludeMetadata(e.target.checked)} />
      )}
      <a className={buttonClass("secondary")} href={exportHref(formId, filters, hasMetadata && includeMetadata)} download>
        Export CSV
      </a>
    </div>
  );
}
