import { PageLoading } from "@/components/ui";

export default function Loading() {
  return <PageLoading label="Loading API keys" />;
}
