/**
 * The public form page as a whole HTML document, rendered by the real React
 * on the server (built for Node by scripts/build-respondent.ts, called from
 * app/s/[slug]/route.ts). In the browser the same components run on Preact
 * (components/respondent/boot.tsx), without the Next.js client runtime.
 */
import { renderToString } from "react-dom/server";
import { FormNotice, type NoticeKind } from "./form-notice";
import { FormRenderer, type FormRendererProps } from "./form-renderer";
import type { Theme } from "@/lib/theme/style";
import { I18nProvider, type PageI18n } from "./i18n";
import { directionOf } from "@/lib/i18n/languages";

export interface PageAssets {
  js: string;
  css: string | null;
  /** The notice pages' script (notice-boot.ts): embedded, they report their height. */
  noticeJs: string;
}

export interface FormPageInput {
  nonce?: string;
  assets: PageAssets;
  title: string;
  description?: string;
  /** The form (with the props the browser bundle mounts it with), or a notice instead. */
  form?: FormRendererProps & { storageKey: string };
  notice?: { kind: NoticeKind; title?: string; opensAt?: Date | null; theme?: Theme };
  /** CSS that applies only without JavaScript (inside <noscript>). */
  noScriptCss?: string;
  /** The page's language (a form's own i18n travels in `form`; this one serves notices and <html lang dir>). */
  i18n: PageI18n;
}

/** JSON inside <script type="application/json">: nothing in it may close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

export function renderFormPage(input: FormPageInput): string {
  const { nonce, assets, form, notice } = input;
  const body = form ? (
    <main id="fl-root">
      <FormRenderer {...form} />
    </main>
  ) : (
    <main>
      <I18nProvider value={input.i18n}>
        <FormNotice kind={notice!.kind} title={notice!.title} opensAt={notice!.opensAt} theme={notice!.theme} />
      </I18nProvider>
    </main>
  );
  const doc = (
    <html lang={input.i18n.language} dir={directionOf(input.i18n.language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{input.title}</title>
        {input.description ? <meta name="description" content={input.description} /> : null}
        {!form ? <meta name="robots" content="noindex" /> : null}
        {assets.css ? <link rel="stylesheet" href={`/r/${assets.css}`} /> : null}
        {form && input.noScriptCss ? (
          <noscript>
            <style nonce={nonce} dangerouslySetInnerHTML={{ __html: input.noScriptCss }} />
          </noscript>
        ) : null}
        <script type="module" src={`/r/${form ? assets.js : assets.noticeJs}`} nonce={nonce} async />
      </head>
      <body>
        {body}
        {form ? <script type="application/json" id="fl-data" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonForScript(form) }} /> : null}
      </body>
    </html>
  );
  return `<!DOCTYPE html>${renderToString(doc)}`;
}
