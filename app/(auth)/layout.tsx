import type { ReactNode } from "react";

/** Sign-in, setup and sign-up: one centred card, no dashboard navigation. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="brand"><span className="brand-mark" aria-hidden="true" />Formloom</div>
        {children}
      </div>
    </main>
  );
}
