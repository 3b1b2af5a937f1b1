/**
 * Content-Security-Policy violations of a page, the two ways a browser
 * reports them: the `securitypolicyviolation` event (needs JavaScript) and the
 * console message Chromium prints (also with JavaScript off).
 */
import type { Page } from "@playwright/test";

export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  void page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text)).catch(() => {});
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation?: (t: string) => void }).__reportCspViolation?.(
        `${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sample})`,
      );
    });
  });
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load|apply|frame|connect)/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
  });
  return violations;
}

/**
 * A page of another origin that frames the given URLs: a real server on
 * another port (a page the test fulfils itself would count as a public site,
 * and Chromium's local-network checks would block the frames before any CSP).
 */
export async function startEmbedder(urls: string[]): Promise<{ url: string; close: () => Promise<void> }> {
  const { createServer } = await import("node:http");
  const html = urls.map((u) => `<iframe src="${u}" width="600" height="400"></iframe>`).join("");
  const server = createServer((_, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
