import type { Metadata } from "next";
import { HeadlineStats } from "@/components/analytics/headline-stats";
import { EndingsCard, ScoreCard } from "@/components/analytics/outcome-cards";
import { inFormOrder, QuestionCard } from "@/components/analytics/question-card";
import { TrendChart } from "@/components/analytics/trend-chart";
import styles from "@/components/analytics/analytics.module.css";
import { FilterBar } from "@/components/responses/filter-bar";
import { HeldLink } from "@/components/responses/spam-views";
import { Alert, EmptyState } from "@/components/ui";
import { getSummary } from "@/lib/analytics/summary";
import { getTrend } from "@/lib/analytics/trend";
import { countHeldResponses } from "@/lib/responses/spam-hold";
import { requireFormActor } from "@/lib/workspaces/dashboard";
import { getFormForPage } from "@/lib/forms/owned-form-page";
import { AppError } from "@/lib/http/errors";
import { hasFilters, metadataKeysOf, outcomeFiltersOf, readResponseFilters, toSearchParams, type SearchParams } from "@/lib/responses/view-model";

export const metadata: Metadata = { title: "Analytics" };

export default async function AnalyticsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }) {
  const { id } = await params;
  const basePath = `/forms/${id}/analytics`;
  const actor = await requireFormActor(id, basePath);
  const form = await getFormForPage(actor, id);
  const metadataKeys = metadataKeysOf(form.published);
  const outcome = outcomeFiltersOf(form.published);
  // The summary filters by hidden-field metadata, ending and score; the trend by metadata only.
  const { filters, problems } = readResponseFilters(await searchParams, metadataKeys, outcome.endings.map((e) => e.key));
  const onlyMetadata = { metadata: filters.metadata, ending: filters.ending, scoreMin: filters.scoreMin, scoreMax: filters.scoreMax };
  const metadata = Object.keys(filters.metadata).length ? filters.metadata : undefined;
  const summaryQuery = { metadata, ending: filters.ending, scoreMin: filters.scoreMin, scoreMax: filters.scoreMax };

  let data: { summary: Awaited<ReturnType<typeof getSummary>>; trend: Awaited<ReturnType<typeof getTrend>> } | null = null;
  let loadError: string | null = null;
  // Held responses are in no figure here (lib/responses/spam-hold.ts counts them in when restored): say how many wait.
  const held = await countHeldResponses(actor, id);
  const heldNote = held > 0 && (
    <Alert tone="warning">
      <HeldLink formId={id} held={held} />: {held === 1 ? "it is" : "they are"} not in these figures unless you restore {held === 1 ? "it" : "them"}.
    </Alert>
  );
  try {
    const [summary, trend] = await Promise.all([getSummary(actor, id, summaryQuery), getTrend(actor, id, { metadata })]);
    data = { summary, trend };
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 400) throw error;
    loadError = error.message;
  }

  const filterBar = (
    <FilterBar key={toSearchParams(onlyMetadata).toString()} basePath={basePath} metadataKeys={metadataKeys} filters={onlyMetadata} problems={problems} full={false}
      endings={outcome.endings} scored={outcome.scored} />
  );

  if (!data) return <div className="stack">{filterBar}<Alert tone="danger">{loadError}</Alert></div>;
  const { summary, trend } = data;

  if (summary.totalResponses === 0 && !hasFilters(onlyMetadata)) {
    return (
      <div className="stack">
        {heldNote}
        <EmptyState
          title="No responses to analyse yet"
          description={form.publicUrl ? "Charts appear here once people answer the form at its public link." : "Publish the form and share its link; charts appear here once people answer."}
        />
      </div>
    );
  }

  const questions = inFormOrder(summary.questions, form.published);
  return (
    <div className="stack">
      {filterBar}
      {heldNote}
      {hasFilters(onlyMetadata) && (
        <p className="muted small" style={{ margin: 0 }}>
          Showing responses where {describeFilters(onlyMetadata, outcome.endings)}.
        </p>
      )}
      <HeadlineStats headline={summary} />
      <section className={styles.trend} aria-labelledby="trend-title">
        <h2 id="trend-title" className={styles.sectionTitle}>Responses in the last 30 days</h2>
        <TrendChart points={trend.days} />
      </section>
      {(outcome.endings.length > 0 || summary.endings.length > 1 || summary.score) && (
        <>
          <h2 className={styles.sectionTitle}>Outcomes</h2>
          <div className={styles.questions}>
            <EndingsCard endings={summary.endings} responses={summary.totalResponses} />
            {summary.score && <ScoreCard score={summary.score} />}
          </div>
        </>
      )}
      <h2 className={styles.sectionTitle}>Questions</h2>
      {questions.length ? (
        <div className={styles.questions}>
          {questions.map(({ entry, question }) => <QuestionCard key={entry.key} entry={entry} question={question} />)}
        </div>
      ) : (
        <p className="muted">This form has no questions to chart.</p>
      )}
    </div>
  );
}

/** "ref = “a” and ending “VIP” and score ≥ 5", for the line above the numbers. */
function describeFilters(f: { metadata: Record<string, string>; ending?: string; scoreMin?: number; scoreMax?: number }, endings: { key: string; title: string }[]) {
  const parts = Object.entries(f.metadata).map(([k, v]) => `${k} = “${v}”`);
  if (f.ending) parts.push(`the ending is “${endings.find((e) => e.key === f.ending)?.title ?? "Default ending"}”`);
  if (f.scoreMin !== undefined) parts.push(`score ≥ ${f.scoreMin}`);
  if (f.scoreMax !== undefined) parts.push(`score ≤ ${f.scoreMax}`);
  return parts.join(" and ");
}
