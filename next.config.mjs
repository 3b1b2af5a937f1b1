/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets parallel checkouts/tests build side by side.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["@prisma/schema-engine-wasm"],
};

export default nextConfig;
