/**
 * How long the logic engine takes on a 100-question form with logic on every
 * question (showIf with all/any/not, jump rules, scores): prints the time of
 * one computePath, as the server runs it once per finished response.
 * Usage: npx tsx scripts/measure-logic-path.ts
 * (`npm run bench -- --logic` prints the same figure beside the submission throughputs.)
 */
import { measureLogicPath } from "./bench/logic";

const m = measureLogicPath();
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
console.log(`${m.questions} questions, ${m.onPath} on the path, score ${m.score}`);
console.log(`computePath: median ${us(m.median)}, p99 ${us(m.p99)}, max ${us(m.max)} (${m.runs} runs)`);
