"use client";

import { Alert, Button } from "@/components/ui";

/** The last resort for a page that failed outside the dashboard's own error boundary. */
export default function RootError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="auth-page">
      <div className="auth-card stack">
        <h1>Something went wrong</h1>
        <Alert tone="danger">The page could not be shown. {error.digest ? <>Reference: <code>{error.digest}</code>.</> : null}</Alert>
        <div><Button onClick={reset}>Try again</Button></div>
      </div>
    </main>
  );
}
