import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "./LengthHint.module.css";
import { lengthHint } from "./length-hint.ts";

/**
 * A field's description with, near its limit, how much is used ("480 of 500
 * characters"), in red once over. It sits in the description, so a screen
 * reader hears it with the field rather than at every key.
 */
export function LengthHint({
  hint,
  length,
  max,
  text,
}: {
  hint?: ReactNode;
  length: number;
  max: number;
  /** The count in words, from the feature's texts ("{{used}} of {{max}} characters"). */
  text(used: string, max: string): string;
}) {
  const { i18n } = useTranslation();
  const shown = lengthHint(length, max);
  if (!shown) return hint ?? null;
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  return (
    <span className={classes.row}>
      {hint ? <span>{hint}</span> : null}
      <span className={classes.count} data-over={shown.over || undefined} data-testid="length-hint">
        {text(number.format(shown.used), number.format(shown.max))}
      </span>
    </span>
  );
}
