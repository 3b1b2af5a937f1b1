import { PageLoading } from "@/components/ui";

export default function Loading() {
  return <PageLoading label="Loading forms" />;
}
