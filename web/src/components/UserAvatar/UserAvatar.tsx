import { isOwnerRole } from "@workshift/contracts";
import type { CSSProperties } from "react";
import crown from "../../assets/crown.svg";
import classes from "./UserAvatar.module.css";

/** Only a colour the server could have meant (#rgb, #rrggbb…); anything else falls back to the brand colour. */
const COLOR = /^#[0-9a-f]{3,8}$/i;

/** WCAG relative luminance of #rgb / #rrggbb (alpha ignored). */
function luminance(hex: string): number {
  const digits = hex.slice(1);
  const full = digits.length < 6 ? [...digits.slice(0, 3)].map((d) => d + d).join("") : digits.slice(0, 6);
  const channel = (at: number) => {
    const value = Number.parseInt(full.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** White or near-black initials, whichever reads better on the person's colour (people pick light colours too). */
export function initialsColor(background: string): string {
  const light = luminance(background);
  const onWhite = 1.05 / (light + 0.05);
  const onDark = (light + 0.05) / (luminance("#1a1b1e") + 0.05);
  return onWhite >= onDark ? "#fff" : "#1a1b1e";
}

interface UserAvatarProps {
  initials: string;
  color: string;
  role: string | null | undefined;
  /** Diameter in px (at least 40, spec §2). */
  size?: number;
}

/**
 * The avatar of spec §2: round, the person's initials in capitals on their
 * colour, at least 40 × 40 px with a 2 px white border, and a crown when the
 * role is owner (in any letter case). Decorative: the name is next to it or in
 * the button's label.
 */
export function UserAvatar({ initials, color, role, size = 40 }: UserAvatarProps) {
  const style = {
    "--avatar-size": `${Math.max(40, size)}px`,
    "--avatar-color": COLOR.test(color) ? color : undefined,
    "--avatar-text": COLOR.test(color) ? initialsColor(color) : undefined,
  } as CSSProperties;
  const owner = isOwnerRole(role);
  return (
    <span className={classes.avatar} style={style} aria-hidden="true" data-owner={owner || undefined}>
      {/* Drawn by CSS: the initials are not words of the button or row the avatar is in (its name is the person's name). */}
      <span className={classes.initials} data-initials={initials.toLocaleUpperCase()} />
      {owner ? <img src={crown} alt="" width={18} height={14} className={classes.crown} /> : null}
    </span>
  );
}
