/**
 * Ready-made form drafts. `templateId` on POST /api/forms copies one into the
 * new form's draft (the form's own title replaces the template's). Each ends
 * with a hidden `source` question so campaign links (`?source=newsletter`)
 * can be told apart in the responses, as Typeform's and Tally's templates do.
 */
import type { FormSchemaInput } from "@/lib/schema/form-schema";

export interface Template {
  id: string;
  title: string;
  description: string;
  schema: Omit<FormSchemaInput, "title" | "version">;
}

const source = { key: "source", type: "hidden" } as const;

export const templates: Template[] = [
  {
    id: "customer-satisfaction",
    title: "Customer satisfaction",
    description: "Measure how happy customers are with your service and why.",
    schema: {
      mode: "immersive",
      description: "Two minutes to tell us how we are doing.",
      thankYouMessage: "Your feedback goes straight to the team.",
      questions: [
        { key: "satisfaction", type: "rating", title: "How satisfied are you with our service?", required: true, scaleMin: 1, scaleMax: 5, minLabel: "Not at all", maxLabel: "Very" },
        { key: "recommend", type: "nps", title: "How likely are you to recommend us to a friend or colleague?", minLabel: "Not likely", maxLabel: "Very likely" },
        { key: "channel", type: "single-choice", title: "How did you contact us last?", options: ["Email", "Phone", "Chat", "In person"] },
        { key: "resolved", type: "yes-no", title: "Was your issue resolved?" },
        { key: "best", type: "long-text", title: "What did we do well?", placeholder: "Tell us in your own words" },
        { key: "improve", type: "long-text", title: "What could we do better?" },
        source,
      ],
    },
  },
  {
    id: "nps",
    title: "Net Promoter Score",
    description: "The classic NPS question with a follow-up asking for the reason.",
    schema: {
      mode: "immersive",
      thankYouMessage: "Thanks, that helps us a lot.",
      questions: [
        { key: "score", type: "nps", title: "How likely are you to recommend us to a friend or colleague?", required: true, minLabel: "Not at all likely", maxLabel: "Extremely likely" },
        { key: "reason", type: "long-text", title: "What is the main reason for your score?", placeholder: "The more specific, the better", maxLength: 2000 },
        { key: "improve", type: "multiple-choice", title: "What should we focus on next?", options: ["Price", "Features", "Ease of use", "Support", "Reliability"], maxSelections: 2 },
        { key: "contact", type: "yes-no", title: "May we contact you about your answer?" },
        { key: "email", type: "email", title: "Your email (only if we may contact you)" },
        source,
      ],
    },
  },
  {
    id: "event-registration",
    title: "Event registration",
    description: "Sign-ups for a meetup, workshop or conference: attendee details, sessions and dietary needs.",
    schema: {
      mode: "classic",
      description: "Save your seat. It takes a minute.",
      thankYouMessage: "You are registered. See you there!",
      questions: [
        { key: "name", type: "short-text", title: "Full name", required: true, maxLength: 120 },
        { key: "email", type: "email", title: "Email", required: true, placeholder: "you@example.com" },
        { key: "company", type: "short-text", title: "Company or organisation" },
        { key: "ticket", type: "dropdown", title: "Ticket type", required: true, options: ["In person", "Online", "Student"] },
        { key: "sessions", type: "multiple-choice", title: "Which sessions will you attend?", options: ["Morning keynote", "Workshop A", "Workshop B", "Evening social"], minSelections: 1 },
        { key: "diet", type: "single-choice", title: "Dietary requirements", options: ["None", "Vegetarian", "Vegan", "Gluten-free", "Other"] },
        { key: "notes", type: "long-text", title: "Anything we should know? (accessibility, allergies…)" },
        { key: "arrival", type: "time", title: "When will you arrive?", min: "07:00", max: "12:00" },
        { key: "seating", type: "picture-choice", title: "Which room layout do you prefer for workshops?", description: "Add a picture of each layout in the builder.", pictures: [{ label: "Theatre" }, { label: "Round tables" }, { label: "Classroom" }] },
        { key: "updates", type: "yes-no", title: "Send me updates about future events" },
        { key: "privacy", type: "consent", title: "Privacy", text: "I agree that my details are stored to organise the event.", required: true },
        source,
      ],
    },
  },
  {
    id: "job-application",
    title: "Job application",
    description: "Collect candidates' contact details, experience, availability and motivation.",
    schema: {
      mode: "classic",
      description: "Tell us about yourself. We read every application.",
      thankYouMessage: "Thanks for applying! We will get back to you within two weeks.",
      questions: [
        { key: "intro", type: "statement", title: "Before you start", description: "This takes about 5 minutes. Fields marked as required are needed to consider your application." },
        { key: "name", type: "short-text", title: "Full name", required: true },
        { key: "email", type: "email", title: "Email", required: true },
        { key: "phone", type: "phone", title: "Phone number" },
        { key: "portfolio", type: "url", title: "LinkedIn, portfolio or GitHub", placeholder: "https://" },
        { key: "role", type: "dropdown", title: "Which role are you applying for?", required: true, options: ["Engineering", "Design", "Product", "Marketing", "Sales", "Other"] },
        { key: "experience", type: "number", title: "Years of relevant experience", min: 0, max: 60 },
        { key: "startDate", type: "date", title: "Earliest start date" },
        { key: "remote", type: "single-choice", title: "Preferred way of working", options: ["On site", "Hybrid", "Remote"] },
        { key: "motivation", type: "long-text", title: "Why do you want to join us?", required: true, maxLength: 5000 },
        { key: "cv", type: "file-upload", title: "Your CV", required: true, maxFiles: 2, maxFileSizeMB: 10, accept: [".pdf", ".doc", ".docx"] },
        { key: "signature", type: "signature", title: "Sign to confirm that the information above is accurate", required: true },
        source,
      ],
    },
  },
  {
    id: "product-feedback",
    title: "Product feedback",
    description: "Learn which features people use, what they miss and how the product scores.",
    schema: {
      mode: "immersive",
      thankYouMessage: "Every answer is read by the product team.",
      questions: [
        { key: "usage", type: "single-choice", title: "How often do you use the product?", required: true, options: ["Every day", "A few times a week", "A few times a month", "Rarely"] },
        { key: "features", type: "multiple-choice", title: "Which features do you use most?", options: ["Dashboard", "Reports", "Integrations", "Mobile app", "API"] },
        { key: "ease", type: "rating", title: "How easy is the product to use?", required: true, scaleMin: 1, scaleMax: 7, style: "numbers", minLabel: "Very hard", maxLabel: "Very easy" },
        { key: "value", type: "rating", title: "How would you rate its value for money?", scaleMin: 1, scaleMax: 5, style: "stars" },
        { key: "aspects", type: "matrix", title: "How do you rate these parts of the product?", rows: ["Speed", "Reliability", "Design"], columns: ["Poor", "Fair", "Good", "Excellent"] },
        { key: "priorities", type: "ranking", title: "Rank what we should improve first", options: ["Performance", "New features", "Documentation", "Price"], randomize: true },
        { key: "missing", type: "long-text", title: "What is the one thing you wish it did?" },
        { key: "recommend", type: "nps", title: "How likely are you to recommend it?" },
        { key: "interview", type: "yes-no", title: "Would you join a 20-minute call with our team?" },
        source,
      ],
    },
  },
  {
    id: "contact",
    title: "Contact form",
    description: "A simple way for visitors to reach you: name, email, topic and message.",
    schema: {
      mode: "classic",
      thankYouMessage: "Thanks for your message. We usually reply within one working day.",
      questions: [
        { key: "name", type: "short-text", title: "Your name", required: true },
        { key: "email", type: "email", title: "Your email", required: true },
        { key: "topic", type: "dropdown", title: "Topic", options: ["Sales", "Support", "Partnerships", "Press", "Something else"] },
        { key: "message", type: "long-text", title: "Message", required: true, maxLength: 5000 },
        source,
      ],
    },
  },
  {
    id: "employee-engagement",
    title: "Employee engagement",
    description: "An anonymous pulse survey on workload, recognition and team spirit.",
    schema: {
      mode: "immersive",
      description: "Anonymous: we never ask for your name.",
      thankYouMessage: "Your honesty helps us do better.",
      questions: [
        { key: "team", type: "dropdown", title: "Your team", options: ["Engineering", "Product", "Sales", "Operations", "Other"] },
        { key: "enps", type: "nps", title: "How likely are you to recommend working here to a friend?", required: true },
        { key: "workload", type: "rating", title: "How manageable is your workload?", scaleMin: 1, scaleMax: 5, minLabel: "Overwhelming", maxLabel: "Very manageable" },
        { key: "recognition", type: "yes-no", title: "Do you feel recognised for your work?" },
        { key: "balance", type: "opinion-scale", title: "How would you rate your work-life balance?", scaleMin: 0, scaleMax: 10, minLabel: "Poor", maxLabel: "Excellent" },
        { key: "growth", type: "rating", title: "How do you rate your growth opportunities?", scaleMin: 0, scaleMax: 10, style: "numbers" },
        { key: "change", type: "long-text", title: "If you could change one thing, what would it be?" },
        source,
      ],
    },
  },
];

/** The list GET /api/templates answers: enough to show a picker (questionCount leaves hidden ones out). */
export const listTemplates = () =>
  templates.map(({ id, title, description, schema }) => ({
    id,
    title,
    description,
    mode: schema.mode ?? "classic",
    questionCount: schema.questions.filter((q) => q.type !== "hidden").length,
  }));

export const findTemplate = (id: string) => templates.find((t) => t.id === id) ?? null;
