import { Skeleton } from "@/components/ui";

/** While the analytics load: the shape of the numbers and charts. */
export default function Loading() {
  return (
    <div className="stack" role="status" aria-live="polite">
      <span className="visually-hidden">Loading analytics…</span>
      <div style={{ display: "grid", gridTemplateColumns: "repeat(4, minmax(0, 1fr))", gap: 16 }}>
        {Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={88} />)}
      </div>
      <Skeleton height={260} />
      <div style={{ display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: 16 }}>
        <Skeleton height={220} />
        <Skeleton height={220} />
      </div>
    </div>
  );
}
