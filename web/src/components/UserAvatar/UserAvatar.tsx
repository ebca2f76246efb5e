import type { CSSProperties } from "react";
import crown from "../../assets/crown.svg";
import classes from "./UserAvatar.module.css";

/** Only a colour the server could have meant (#rgb, #rrggbb…); anything else falls back to the brand colour. */
const COLOR = /^#[0-9a-f]{3,8}$/i;

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
  } as CSSProperties;
  const owner = role?.toLowerCase() === "owner";
  return (
    <span className={classes.avatar} style={style} aria-hidden="true" data-owner={owner || undefined}>
      <span className={classes.initials}>{initials.toLocaleUpperCase()}</span>
      {owner ? <img src={crown} alt="" width={18} height={14} className={classes.crown} /> : null}
    </span>
  );
}
