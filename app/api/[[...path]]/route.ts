import { unknownPath } from "@/lib/http/allow";

// Every path under /api that no other route file claims, with any method:
// 404 not_found in the API's error shape, not Next's HTML page (lib/http/allow.ts).
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = unknownPath;
