/**
 * A plain link, not next/link: this page is in the tree of every page, the public
 * form (/s/<slug>) included, which would otherwise ship next/link (~3 KB gzip).
 * "/" only redirects, so a full page load there costs nothing.
 */
import { connection } from "next/server";

export default async function NotFound() {
  // Rendered per request like every other page, so its scripts carry the CSP
  // nonce (a page prebuilt at build time has none, and the CSP would block them).
  await connection();
  return (
    <main className="auth-page">
      <div className="auth-card stack">
        <h1>Page not found</h1>
        <p className="muted">There is nothing at this address, or it is not yours to see.</p>
        <p><a href="/">Go to the dashboard</a></p>
      </div>
    </main>
  );
}
