"use client";

import { Alert, Button } from "@/components/ui";

/** A failure inside a dashboard page: shown in place, with the navigation still there. */
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="stack" style={{ maxWidth: 640 }}>
      <h1>Something went wrong</h1>
      <Alert tone="danger">
        This page could not be loaded. {error.digest ? <>Reference: <code>{error.digest}</code>.</> : null}
      </Alert>
      <div><Button onClick={reset}>Try again</Button></div>
    </div>
  );
}
