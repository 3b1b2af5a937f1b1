/** The logic engine's public face (browser-safe: no zod, no React, no database). */
export { computePath, hasLogic, holds, isEmptyAnswer, scoreOf, type PathResult } from "./engine";
export { answerText, recall, type RecallContext } from "./recall";
export * from "./types";
