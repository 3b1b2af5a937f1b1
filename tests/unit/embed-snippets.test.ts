/**
 * The Share tab's snippets (lib/embed/snippets.ts): what the owner pastes is
 * valid HTML for any title or slug, and each names the right mode.
 */
import { describe, expect, it } from "vitest";
import { EMBED_MODES, embedSnippet } from "@/lib/embed/snippets";

const base = { origin: "https://forms.example.com", slug: "team-lunch", title: 'Lunch "&" <fun>' };

describe("embedSnippet", () => {
  it("escapes the title in attributes and text, so it cannot close a tag", () => {
    for (const mode of EMBED_MODES) {
      const html = embedSnippet(mode, base);
      expect(html, mode).not.toContain("<fun>");
      expect(html, mode).not.toContain('"&"');
      expect(html, mode).toContain("Lunch &quot;&amp;&quot; &lt;fun&gt;");
    }
  });

  it("one per mode: the script for the three script modes, a plain frame for iframe; hidden keys as reminders", () => {
    const hiddenKeys = ["ref", "utm source"];
    expect(embedSnippet("inline", { ...base, hiddenKeys })).toBe(
      '<div data-formloom="team-lunch" data-formloom-title="Lunch &quot;&amp;&quot; &lt;fun&gt;" data-formloom-hidden="ref=&amp;utm%20source="></div>\n' +
        '<script src="https://forms.example.com/embed.js" async></script>',
    );
    expect(embedSnippet("popup", base)).toContain('data-formloom-mode="popup"');
    expect(embedSnippet("slider", base)).toContain('data-formloom-mode="slider" data-formloom-side="right"');
    const iframe = embedSnippet("iframe", { ...base, hiddenKeys: ["ref"] });
    expect(iframe).toMatch(/^<iframe src="https:\/\/forms\.example\.com\/s\/team-lunch\?ref=" /);
    expect(iframe).not.toContain("embed.js");
  });
});
