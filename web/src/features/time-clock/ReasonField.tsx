import { Textarea, type TextareaProps } from "@mantine/core";
import { CLOCK_REASON_MAX } from "@workshift/contracts";
import { useTranslation } from "react-i18next";

/** Why recorded time changes: required, kept in the entry's history, the same wherever it is asked. */
export function ReasonField(props: Omit<TextareaProps, "label" | "description" | "required" | "maxLength">) {
  const { t } = useTranslation("timeClock");
  return (
    <Textarea
      label={t("editor.reason")}
      description={t("editor.reasonHint")}
      required
      autosize
      minRows={2}
      maxRows={4}
      maxLength={CLOCK_REASON_MAX}
      {...props}
    />
  );
}
