/**
 * The owner's brand on the respondent page (lib/theme): the logo and the
 * cover image, both form assets served at /api/assets/:id. The colours,
 * radius and font are CSS custom properties on each `.fl-r` root
 * (lib/theme/presets.ts themeStyle).
 */
import { assetUrl } from "@/lib/files/asset-url";
import type { Theme } from "@/lib/theme/style";

export function Logo({ theme }: { theme?: Theme }) {
  if (!theme?.logo) return null;
  return <img className="fl-logo" src={assetUrl(theme.logo)} alt={theme.logoAlt ?? ""} decoding="async" />;
}

export function Cover({ theme }: { theme?: Theme }) {
  if (!theme?.cover) return null;
  return <img className="fl-cover" src={assetUrl(theme.cover)} alt="" decoding="async" />;
}
