import { Skeleton } from "@/components/ui";

/** While a page of responses loads: the shape of the filters and the table. */
export default function Loading() {
  return (
    <div className="stack" role="status" aria-live="polite">
      <span className="visually-hidden">Loading responses…</span>
      <Skeleton height={72} />
      <Skeleton height={20} width="30%" />
      {Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={40} />)}
    </div>
  );
}
