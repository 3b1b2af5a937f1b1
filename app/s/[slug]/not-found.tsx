import { FormNotice } from "@/components/respondent/form-notice";

export default function FormNotFound() {
  return <FormNotice kind="not_found" />;
}
