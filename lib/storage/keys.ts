/**
 * Object keys: `<kind>/<id>`, the id a lib/ids.ts id. Checked on every use,
 * so no key can climb out of its folder or bucket prefix, whatever reaches
 * a store.
 */
const KEY = /^(upload|asset)\/[0-9a-hjkmnp-tv-z]{26}$/;

export type StoredKind = "upload" | "asset";
export const objectKey = (kind: StoredKind, id: string) => checkedKey(`${kind}/${id}`);

export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not an object key: ${JSON.stringify(key)}`);
  return key;
}
