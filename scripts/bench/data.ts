/**
 * What the benchmark seeds: realistic forms (rating, NPS, choices, text,
 * hidden fields) and a deterministic generator of respondents' answers.
 */
export const mainFormSchema = {
  title: "Customer feedback 2026",
  description: "Tell us how we are doing",
  questions: [
    { key: "satisfaction", type: "rating", title: "How satisfied are you?", required: true, scaleMin: 1, scaleMax: 5 },
    { key: "nps", type: "nps", title: "How likely are you to recommend us?", required: true },
    { key: "plan", type: "single-choice", title: "Your plan", options: ["Free", "Starter", "Pro", "Business", "Enterprise"], required: true },
    { key: "features", type: "multiple-choice", title: "What do you use?", options: ["Dashboards", "Exports", "API", "Integrations", "Mobile app", "Templates"] },
    { key: "country", type: "dropdown", title: "Country", options: ["United States", "Germany", "France", "Japan", "Brazil", "India", "Canada", "Spain", "Italy", "Mexico", "Kenya", "Australia"] },
    { key: "liked", type: "short-text", title: "What did you like most?", maxLength: 200 },
    { key: "comments", type: "long-text", title: "Anything else?" },
    { key: "email", type: "email", title: "Email (optional)" },
    { key: "renew", type: "yes-no", title: "Will you renew?" },
    { key: "utm_source", type: "hidden" },
    { key: "campaign", type: "hidden" },
  ],
};

export const eventFormSchema = {
  title: "Meetup registration",
  questions: [
    { key: "name", type: "short-text", title: "Your name", required: true },
    { key: "track", type: "single-choice", title: "Track", options: ["Frontend", "Backend", "Data", "Ops"], required: true },
    { key: "experience", type: "rating", title: "Experience level", scaleMin: 1, scaleMax: 10 },
    { key: "diet", type: "multiple-choice", title: "Dietary needs", options: ["Vegetarian", "Vegan", "Gluten-free", "None"] },
    { key: "ref", type: "hidden" },
  ],
};

const LIKED = [
  "the clean dashboard", "fast exports", "the API docs", "great support team", "easy onboarding", "mobile app works offline",
  "pricing is fair", "templates save time", "integrations with slack", "nothing in particular", "reliable uptime", "the charts",
];
const WORDS = (
  "the product is great but the export could be faster and the mobile app needs dark mode we love how simple it is " +
  "support answered quickly pricing page confusing please add more templates integration with salesforce would help " +
  "our team uses it daily charts are beautiful invoices were wrong once onboarding took ten minutes search works well"
).split(" ");
const NAMES = ["Ada", "Grace", "Linus", "Margaret", "Alan", "Barbara", "Dennis", "Frances", "Ken", "Radia", "Edsger", "Hedy"];
const SOURCES = ["newsletter", "google", "twitter", "linkedin", "direct", "partner", "reddit", "producthunt"];
const CAMPAIGNS = ["spring-sale", "onboarding", "q3-survey", "winback", "none"];

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]) => list[int(list.length)];
  const hex = (chars: number) => {
    let s = "";
    while (s.length < chars) s += (int(0x100000000) >>> 0).toString(16).padStart(8, "0");
    return s.slice(0, chars);
  };
  return { next, int, pick, hex };
}
export type Rng = ReturnType<typeof prng>;

function sentence(rng: Rng, words: number) {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(rng.pick(WORDS));
  const s = out.join(" ");
  return s[0].toUpperCase() + s.slice(1) + ".";
}

export interface Generated {
  /** Answers of the non-hidden questions. */
  answers: Record<string, string | number | boolean | string[]>;
  /** Hidden values. */
  metadata: Record<string, string>;
  finished: boolean;
}

/** One respondent of the main form; about 5% leave it unfinished (partial). */
export function mainFormResponse(rng: Rng): Generated {
  const finished = rng.next() >= 0.05;
  const answers: Generated["answers"] = {};
  answers.satisfaction = 1 + Math.min(4, Math.floor(rng.next() * rng.next() * 5 + rng.next() * 2.5));
  answers.nps = rng.int(11);
  if (finished || rng.next() < 0.5) {
    answers.plan = rng.pick(mainFormSchema.questions[2].options!);
    const features = mainFormSchema.questions[3].options!.filter(() => rng.next() < 0.35);
    if (features.length) answers.features = features;
    if (rng.next() < 0.8) answers.country = rng.pick(mainFormSchema.questions[4].options!);
  }
  if (finished) {
    if (rng.next() < 0.7) answers.liked = rng.pick(LIKED);
    if (rng.next() < 0.55) answers.comments = sentence(rng, 6 + rng.int(18));
    if (rng.next() < 0.3) answers.email = `${rng.pick(NAMES).toLowerCase()}.${rng.hex(6)}@example.com`;
    answers.renew = rng.next() < 0.7;
  }
  return { answers, metadata: { utm_source: rng.pick(SOURCES), campaign: rng.pick(CAMPAIGNS) }, finished };
}

export function eventFormResponse(rng: Rng): Generated {
  const answers: Generated["answers"] = { name: `${rng.pick(NAMES)} ${rng.hex(4)}`, track: rng.pick(eventFormSchema.questions[1].options!) };
  if (rng.next() < 0.8) answers.experience = 1 + rng.int(10);
  const diet = eventFormSchema.questions[3].options!.filter(() => rng.next() < 0.25);
  if (diet.length) answers.diet = diet;
  return { answers, metadata: { ref: rng.pick(SOURCES) }, finished: true };
}

/** The bench owner's password (the dashboard timings sign in with it). */
export const BENCH_PASSWORD = "benchmark password 1";

/** What the measurements filter on (values that exist in the seeded data). */
export const probes = {
  metadataFilter: { key: "utm_source", value: "newsletter" },
  /** A word in about 1 of 9 "liked" answers. */
  search: "support",
};

/** A submission body for the throughput runs (valid for mainFormSchema). */
export const submissionBody = {
  answers: {
    satisfaction: 4,
    nps: 9,
    plan: "Pro",
    features: ["API", "Exports"],
    country: "Japan",
    liked: "fast exports",
    comments: "Works well for our team; the export could be faster.",
    renew: true,
    utm_source: "newsletter",
    campaign: "q3-survey",
  },
};
