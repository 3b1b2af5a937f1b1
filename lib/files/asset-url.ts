/**
 * Where a form asset (a picture-choice image, a logo, a cover) is served: public once its form is
 * published, always to its owner (./download.ts serveAsset). Imports nothing, so server components,
 * the builder and the respondent page's bundle can all use it.
 */
export const assetUrl = (assetId: string) => `/api/assets/${encodeURIComponent(assetId)}`;
