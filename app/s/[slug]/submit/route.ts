import { submitFormPost } from "@/lib/public/form-post";

// The public page's plain HTML form (JavaScript off) posts here; see lib/public/form-post.ts.
export async function POST(req: Request, { params }: { params: Promise<{ slug: string }> }) {
  return submitFormPost(req, (await params).slug);
}
