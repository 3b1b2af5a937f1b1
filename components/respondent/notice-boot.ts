/**
 * The only script of the notice pages (closed, not yet open, full, already
 * answered, not found; built by scripts/build-respondent.ts as its own small
 * file): framed by embed.js, the page reports its height like the form does,
 * so an inline frame fits the notice instead of staying at its first 480 px.
 * A same-origin file with the page's nonce: the CSP stays as it is.
 */
import { startEmbedBridge } from "./embed-bridge";

startEmbedBridge();
