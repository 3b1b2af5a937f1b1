"use client";

/**
 * The last resort for a page that failed outside the dashboard's own error boundary.
 * Plain markup with the classes of components/ui's Alert and Button, no imports:
 * this boundary ships with every page, the public form (/s/<slug>) included, and
 * the ui barrel would add ~6 KB gzip there.
 */
export default function RootError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="auth-page">
      <div className="auth-card stack">
        <h1>Something went wrong</h1>
        <div className="alert alert-danger" role="alert">The page could not be shown. {error.digest ? <>Reference: <code>{error.digest}</code>.</> : null}</div>
        <div><button type="button" className="btn btn-primary" onClick={reset}>Try again</button></div>
      </div>
    </main>
  );
}
