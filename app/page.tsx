export default function Home() {
  return (
    <main style={{ maxWidth: 640, margin: "4rem auto", padding: "0 1rem" }}>
      <h1>Formloom</h1>
      <p>Open-source forms and surveys. The REST API is described at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
    </main>
  );
}
