// The signing page's branding: the studio's name, logo and colours, nothing else of the studio.

import { SIGNING_DEFAULT_COLORS } from "@studio/contracts";
import type { SigningLink } from "./signing-link";

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const hex6 = (value: unknown, fallback: string): string => {
  if (typeof value !== "string" || !HEX.test(value)) return fallback;
  const v = value.toLowerCase();
  return v.length === 4 ? `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}` : v;
};

/**
 * The page's branding, and nothing else of the studio: its name, the settings' branding logo URL
 * (null without one) and primary and secondary colours as #rrggbb (defaults without them).
 */
export function brandingOf(link: SigningLink) {
  const branding = link.studioSettings.branding;
  const b = (typeof branding === "object" && branding !== null ? branding : {}) as Record<string, unknown>;
  return {
    studioName: link.studioName,
    logoUrl: typeof b.logoUrl === "string" && b.logoUrl !== "" ? b.logoUrl : null,
    primaryColor: hex6(b.primaryColor, SIGNING_DEFAULT_COLORS.primaryColor),
    secondaryColor: hex6(b.secondaryColor, SIGNING_DEFAULT_COLORS.secondaryColor),
  };
}
