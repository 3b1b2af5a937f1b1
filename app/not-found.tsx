import Link from "next/link";

export default function NotFound() {
  return (
    <main className="auth-page">
      <div className="auth-card stack">
        <h1>Page not found</h1>
        <p className="muted">There is nothing at this address, or it is not yours to see.</p>
        <p><Link href="/">Go to the dashboard</Link></p>
      </div>
    </main>
  );
}
