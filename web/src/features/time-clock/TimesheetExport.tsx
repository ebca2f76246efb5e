import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./TimeClock.module.css";

type Extension = "csv" | "xlsx";

/** Export the period as CSV or XLSX; one export at a time, the one under way shown loading. */
export function TimesheetExport({
  pending,
  exporting,
  onExport,
}: {
  /** An export is under way. */
  pending: boolean;
  /** Which one. */
  exporting: Extension | undefined;
  onExport(extension: Extension): void;
}) {
  const { t } = useTranslation("timeClock");
  return (
    <div className={classes.exportGroup}>
      {(["csv", "xlsx"] as const).map((extension) => (
        <Button
          key={extension}
          variant="default"
          leftSection={<IconDownload size={16} stroke={1.75} aria-hidden="true" />}
          loading={pending && exporting === extension}
          disabled={pending}
          onClick={() => onExport(extension)}
        >
          {t(`export.${extension}`)}
        </Button>
      ))}
    </div>
  );
}
