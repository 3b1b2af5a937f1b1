/**
 * The benchmark's framework floor: the smallest Next.js app that does what a
 * submission must at least do (read a JSON body, one prepared better-sqlite3
 * INSERT, answer 201). Built and started by scripts/bench/index.ts only; not
 * part of Formloom's routes. Its build goes to its own distDir.
 */
export default {
  distDir: process.env.FLOOR_DIST_DIR || ".next-floor",
};
