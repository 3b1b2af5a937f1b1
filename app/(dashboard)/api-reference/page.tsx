import type { Metadata } from "next";
import { ApiReference } from "@/components/api-reference/api-reference";
import { redocBundle } from "@/lib/api-reference/renderer";

export const metadata: Metadata = { title: "API reference" };

export default async function ApiReferencePage() {
  return (
    <div className="stack">
      <div className="page-header" style={{ marginBottom: 0 }}>
        <div>
          <h1>API reference</h1>
          <p>
            Every endpoint of the REST API, read from <a href="/api/openapi.json">/api/openapi.json</a>. Send an API key
            (<a href="/keys">API keys</a>) as <code>Authorization: Bearer flk_…</code>.
          </p>
        </div>
      </div>
      <ApiReference scriptSrc={`/api-reference/${redocBundle().name}`} specUrl="/api/openapi.json" />
    </div>
  );
}
