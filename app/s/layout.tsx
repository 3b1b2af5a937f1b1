import type { ReactNode } from "react";
import "@/components/respondent/respondent.css";

/** Respondent pages: no dashboard chrome, only the form (the page's one main landmark). */
export default function RespondentLayout({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}
