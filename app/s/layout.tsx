import type { ReactNode } from "react";
import "@/components/respondent/respondent.css";

/** Respondent pages: no dashboard chrome, only the form. */
export default function RespondentLayout({ children }: { children: ReactNode }) {
  return children;
}
