/**
 * `randomize`: the options in an order of their own per respondent, the same
 * after a reload. The seed is a random number kept in sessionStorage per page
 * (no cookie, nothing sent); each question shuffles with the seed and its key.
 * Only the order shown changes: answers carry the option texts.
 */
import { useEffect, useState } from "react";

const seedKey = () => `formloom:shuffle:${location.pathname}`;

function respondentSeed(): string {
  try {
    let seed = sessionStorage.getItem(seedKey());
    if (!seed) {
      seed = String(crypto.getRandomValues(new Uint32Array(1))[0]);
      sessionStorage.setItem(seedKey(), seed);
    }
    return seed;
  } catch {
    return "0"; // storage blocked: one fixed order, still shuffled
  }
}

/** A 32-bit hash of a string (FNV-1a), to seed the generator. */
function hash(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Fisher–Yates with mulberry32: the same seed gives the same order. */
export function shuffle<T>(items: readonly T[], seed: string): T[] {
  let state = hash(seed);
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

interface Shufflable {
  key: string;
  options: string[];
  randomize?: boolean;
}

/** The options in the order this respondent sees them (browser only: immersive shortcuts). */
export const shownOptions = (q: Shufflable) => (q.randomize ? shuffle(q.options, `${respondentSeed()}:${q.key}`) : q.options);

/**
 * The shown order as component state: the server's HTML (and the first
 * render) keep the defined order, then the browser shuffles, so hydration
 * matches.
 */
export function useShownOptions(q: Shufflable): string[] {
  const [order, setOrder] = useState(q.options);
  const signature = `${q.key}\n${q.randomize ? 1 : 0}\n${q.options.join("\n")}`;
  useEffect(() => {
    setOrder(shownOptions(q));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature covers what matters
  }, [signature]);
  return order;
}
