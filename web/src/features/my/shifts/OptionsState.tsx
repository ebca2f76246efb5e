import { Anchor, Skeleton, Stack } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { RequestOptions } from "@workshift/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { useProblemText } from "../../../lib/problem-text.ts";

/**
 * Who could cover a shift or what it could be swapped for, while it loads or
 * when it could not be read (with a retry); null once it is there, for the
 * dialog to show its choices.
 */
export function OptionsState({
  options,
  loadingLabel,
  logAs,
  skeleton,
}: {
  options: UseQueryResult<RequestOptions>;
  loadingLabel: string;
  /** What the log says failed. */
  logAs: string;
  /** The placeholders' look: lines of text, or cards. */
  skeleton: "lines" | "cards";
}): ReactNode {
  const { t } = useTranslation("my");
  const problemText = useProblemText();
  if (options.isPending) {
    const shapes =
      skeleton === "lines"
        ? [
            { height: 24, width: "60%" },
            { height: 24, width: "50%" },
          ]
        : [
            { height: 56, radius: "md" },
            { height: 56, radius: "md" },
          ];
    return (
      <Stack gap="xs" aria-busy="true" role="status" aria-label={loadingLabel}>
        {shapes.map((shape, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
          <Skeleton key={index} {...shape} />
        ))}
      </Stack>
    );
  }
  if (options.isError) {
    return (
      <ErrorAlert>
        {problemText(options.error, { logAs })}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void options.refetch()}>
          {t("retry")}
        </Anchor>
      </ErrorAlert>
    );
  }
  return null;
}
