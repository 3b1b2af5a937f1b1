// In a (list) group so its loading.tsx wraps only the list: a Suspense boundary
// above forms/[id] would stream a 200 before notFound() could set the 404.
import { PageLoading } from "@/components/ui";

export default function Loading() {
  return <PageLoading label="Loading forms" />;
}
