/**
 * `npm run build:respondent` (part of `npm run build` and scripts/test.sh):
 * builds the public form page's own delivery, outside the Next.js client
 * runtime (see docs/architecture.md, "The respondent page").
 *
 * - the browser bundle: components/respondent/boot.tsx with react → preact/compat,
 *   minified, content-hashed (.respondent/public/boot-<hash>.js and .css, served
 *   by app/r/[file] with immutable caching);
 * - the server renderer: components/respondent/ssr.tsx with the real React and
 *   react-dom/server for Node (.respondent/ssr.cjs, loaded by app/s/[slug]/route.ts).
 *   Next's server build cannot render these components itself: route handlers
 *   see React's react-server build, which has no hooks and no react-dom/server.
 *
 * - the notice pages' script (components/respondent/notice-boot.ts: an embedded
 *   notice reports its height), .respondent/public/notice-<hash>.js;
 * - the webhook sender thread: lib/webhooks/post-thread-entry.ts for Node
 *   (.respondent/webhook-sender.cjs, started by lib/webhooks/post-thread.ts),
 *   outside Next's bundler, which cannot emit a worker thread's file; the
 *   SQLite checkpointer thread likewise: lib/db/checkpoint-thread-entry.ts
 *   (.respondent/sqlite-checkpointer.cjs, started by lib/db/checkpointer.ts),
 *   and the outbox thread: lib/outbox/thread-entry.ts (.respondent/outbox-worker.mjs,
 *   started by lib/outbox/thread.ts).
 *
 * - the embed script for other sites: components/embed/embed.ts, minified, no
 *   dependencies (.respondent/embed.js, served as /embed.js by app/embed.js/route.ts).
 *
 * .respondent/manifest.json names the hashed files and what is ours in them.
 */
import fs from "node:fs";
import path from "node:path";
import { build, type BuildOptions, type Plugin } from "esbuild";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, ".respondent");

/**
 * The page gets its language's messages already parsed (lib/i18n/page-messages.ts),
 * so the browser formats them with intl-messageformat minus FormatJS's parser.
 */
const messageParserAlias = { "@formatjs/icu-messageformat-parser": "@formatjs/icu-messageformat-parser/no-parser.js" };

/** react, react-dom and the JSX runtime resolve to (external) preact. */
const reactToPreactExternal: Plugin = {
  name: "react-to-preact-external",
  setup(b) {
    b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, () => ({ path: "preact/compat", external: true }));
  },
};

async function main() {
  fs.rmSync(out, { recursive: true, force: true });
  const browserOptions = {
    absWorkingDir: root,
    entryPoints: { boot: "components/respondent/boot.tsx" },
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    outdir: path.join(out, "public"),
    entryNames: "[name]-[hash]",
    assetNames: "[name]-[hash]",
    jsx: "automatic",
    jsxImportSource: "react",
    alias: {
      react: "preact/compat",
      "react-dom": "preact/compat",
      "react/jsx-runtime": "preact/jsx-runtime",
      "react/jsx-dev-runtime": "preact/jsx-runtime",
      ...messageParserAlias,
    },
    define: { "process.env.NODE_ENV": '"production"' },
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  } satisfies BuildOptions;
  const browser = await build(browserOptions);
  // The same script without the view library (preact kept external): what is ours, for measure-js.
  const ownOnly = await build({ ...browserOptions, write: false, metafile: false, external: ["preact", "preact/*"], alias: messageParserAlias, plugins: [reactToPreactExternal] });
  const ownGzip = ownOnly.outputFiles.filter((f) => f.path.endsWith(".js")).reduce((n, f) => n + gzipSync(f.contents).length, 0);
  await build({
    absWorkingDir: root,
    entryPoints: ["components/respondent/ssr.tsx"],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile: path.join(out, "ssr.cjs"),
    jsx: "automatic",
    loader: { ".css": "empty" },
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });

  // The notice pages' script: the embed bridge alone (components/respondent/notice-boot.ts).
  const notice = await build({
    ...browserOptions,
    entryPoints: { notice: "components/respondent/notice-boot.ts" },
    alias: {},
  });
  const noticeJs = Object.keys(notice.metafile.outputs).find((f) => f.endsWith(".js"))!;

  // The webhook sender thread (lib/webhooks/post-thread.ts starts it): the POST queue on its own event loop.
  await build({
    absWorkingDir: root,
    entryPoints: ["lib/webhooks/post-thread-entry.ts"],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile: path.join(out, "webhook-sender.cjs"),
    logLevel: "warning",
  });

  // The outbox thread (lib/outbox/thread.ts starts it): the webhook worker with a database client of
  // its own, lib/outbox/thread-db.ts in place of lib/db/client.ts (no Prisma client). ESM, every
  // package loaded from node_modules.
  const threadDb = path.join(root, "lib/outbox/thread-db.ts");
  const outboxThread = await build({
    absWorkingDir: root,
    entryPoints: ["lib/outbox/thread-entry.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outfile: path.join(out, "outbox-worker.mjs"),
    metafile: true,
    logLevel: "warning",
    plugins: [
      {
        name: "outbox-thread-db",
        setup(b) {
          b.onResolve({ filter: /^(@\/lib\/db\/client|\.\/client)$/ }, (args) =>
            args.path === "./client" && path.dirname(args.importer) !== path.join(root, "lib/db") ? undefined : { path: threadDb });
        },
      },
    ],
  });
  const prismaInThread = Object.values(outboxThread.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path))
    .concat(Object.keys(outboxThread.metafile.inputs))
    .filter((name) => name.startsWith("@prisma/client") || name.includes("lib/generated/"));
  if (prismaInThread.length) throw new Error(`the outbox thread must not load Prisma's client (lib/outbox/thread-db.ts): ${prismaInThread.join(", ")}`);

  // The SQLite checkpointer thread (lib/db/checkpointer.ts starts it); better-sqlite3 is loaded from node_modules.
  await build({
    absWorkingDir: root,
    entryPoints: ["lib/db/checkpoint-thread-entry.ts"],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    external: ["better-sqlite3"],
    outfile: path.join(out, "sqlite-checkpointer.cjs"),
    logLevel: "warning",
  });

  const embed = await build({
    absWorkingDir: root,
    entryPoints: ["components/embed/embed.ts"],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    outfile: path.join(out, "embed.js"),
    legalComments: "none",
    logLevel: "warning",
    write: false,
  });
  const embedJs = embed.outputFiles[0].contents;
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, "embed.js"), embedJs);

  const outputs = Object.entries(browser.metafile.outputs);
  const js = outputs.find(([f]) => f.endsWith(".js"))!;
  const css = outputs.find(([f]) => f.endsWith(".css"));
  // Bytes of our own code vs libraries (preact, zod) in the minified script.
  let own = 0;
  let lib = 0;
  for (const [input, { bytesInOutput }] of Object.entries(js[1].inputs)) {
    if (input.includes("node_modules/")) lib += bytesInOutput;
    else own += bytesInOutput;
  }
  const manifest = {
    js: path.basename(js[0]),
    css: css ? path.basename(css[0]) : null,
    noticeJs: path.basename(noticeJs),
    ownBytes: own,
    libraryBytes: lib,
    ownGzip,
    embedBytes: embedJs.length,
    embedGzip: gzipSync(embedJs).length,
  };
  fs.writeFileSync(path.join(out, "manifest.json"), JSON.stringify(manifest, null, 2));
  console.log(`respondent bundle: ${manifest.js} (${own} B ours + ${lib} B preact, minified), ${manifest.css}; embed.js ${manifest.embedBytes} B (${manifest.embedGzip} B gzip)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
