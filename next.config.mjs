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
};

export default nextConfig;
