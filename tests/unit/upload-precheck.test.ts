/**
 * The upload widget's checks before a byte is sent
 * (components/question-types/file-upload/upload.ts): the same accept rule as
 * the server's (lib/files/accept.ts), so the page never refuses a file the
 * server would take, nor lets through one it is sure to refuse.
 */
import { describe, expect, it } from "vitest";
import { precheck as check } from "@/components/question-types/file-upload/upload";
import { translatorFor } from "@/lib/i18n/catalogs";

const rules = (accept: string[], maxFileSizeMB = 1) => ({ accept, maxFileSizeMB });
const file = (name: string, type: string, size = 100) => ({ name, type, size });
// The page's words in English (lib/i18n).
const precheck = (f: ReturnType<typeof file>, r: ReturnType<typeof rules>) => check(f, r, translatorFor("en"));

describe("precheck", () => {
  it("takes an extension's aliases as the server does (.jpg takes .jpeg, .tif takes .tiff)", () => {
    expect(precheck(file("Photo.JPEG", "image/jpeg"), rules([".jpg"]))).toBeNull();
    expect(precheck(file("scan.tiff", "image/tiff"), rules([".tif"]))).toBeNull();
  });

  it("refuses other extensions and types when the browser names one", () => {
    expect(precheck(file("cv.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"), rules([".pdf"]))).toMatch(/not an accepted type/);
    expect(precheck(file("a.png", "image/png"), rules(["image/*"]))).toBeNull();
    expect(precheck(file("a.mp3", "audio/mpeg"), rules(["image/*"]))).toMatch(/not an accepted type/);
  });

  it("refuses what runs script when opened, whatever the accept list says", () => {
    expect(precheck(file("page.html", "text/html"), rules(["text/*"]))).toMatch(/not an accepted type/);
  });

  it("leaves a file without a browser-given type to the server unless only extensions are accepted", () => {
    expect(precheck(file("blob", ""), rules(["image/*"]))).toBeNull();
    expect(precheck(file("notes.txt", ""), rules([".pdf"]))).toMatch(/not an accepted type/);
  });

  it("refuses empty files and files over the size limit", () => {
    expect(precheck(file("a.pdf", "application/pdf", 0), rules([".pdf"]))).toMatch(/empty/);
    expect(precheck(file("a.pdf", "application/pdf", 2 * 1024 * 1024), rules([".pdf"]))).toMatch(/larger than 1 MB/);
  });
});
