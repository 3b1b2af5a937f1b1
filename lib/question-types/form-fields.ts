/**
 * Field names of a question's parts in the plain HTML form (JavaScript off),
 * shared by the page that renders them and the post reader. Question keys
 * cannot contain ":", so "<key>:<part>" never meets another question's field.
 */
export const partField = (key: string, part: string | number) => `${key}:${part}`;
/** The "Other" choice's radio/checkbox value, and its text field is partField(key, "other"). */
export const OTHER_CHOICE = ":other";
export const otherField = (key: string) => partField(key, "other");
