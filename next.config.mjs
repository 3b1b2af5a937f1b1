/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets parallel checkouts/tests build side by side.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["@prisma/schema-engine-wasm"],
  // `npm test` type-checks the whole tree with `tsc --noEmit` before it builds,
  // so the build does not type-check a second time.
  typescript: { ignoreBuildErrors: true },
  // The dev server refuses its client scripts to other origins; the test
  // harness (TEST_SERVER_MODE=dev) reaches it at 127.0.0.1.
  allowedDevOrigins: ["127.0.0.1"],
};

export default nextConfig;
