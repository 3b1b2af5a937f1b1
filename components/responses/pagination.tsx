"use client";

/** Previous/next links, the position in the list and the page size (20 or 50). */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Select } from "@/components/ui";
import { PAGE_SIZES, toSearchParams, withQuery, type ResponseFilters } from "@/lib/responses/view-model";
import styles from "./responses.module.css";

interface Props {
  basePath: string;
  filters: ResponseFilters;
  page: number;
  limit: number;
  totalPages: number;
}

export function Pagination({ basePath, filters, page, limit, totalPages }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const href = (p: number, l = limit) => withQuery(basePath, toSearchParams({ ...filters, page: p, limit: l }));
  const pages = Math.max(totalPages, 1);

  return (
    <nav className={styles.pagination} aria-label="Pages of responses" aria-busy={pending}>
      <div className={styles.pageLinks}>
        {page > 1 ? <Link href={href(page - 1)} rel="prev">← Previous</Link> : <span className="muted" aria-disabled="true">← Previous</span>}
        <span>Page {page} of {pages}</span>
        {page < pages ? <Link href={href(page + 1)} rel="next">Next →</Link> : <span className="muted" aria-disabled="true">Next →</span>}
      </div>
      <div className={styles.pageSize}>
        <Select
          label="Rows per page"
          value={String(limit)}
          disabled={pending}
          options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
          // A new page size starts again at page 1, as table products do.
          onChange={(e) => startTransition(() => router.push(href(1, Number(e.target.value))))}
        />
      </div>
    </nav>
  );
}
