import { Button, Checkbox } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "./TimeClock.module.css";

type Extension = "csv" | "xlsx";

/**
 * Export the period as CSV or XLSX, optionally with a column per day of the
 * period; one export at a time, the one under way shown loading.
 */
export function TimesheetExport({
  pending,
  exporting,
  onExport,
}: {
  /** An export is under way. */
  pending: boolean;
  /** Which one. */
  exporting: Extension | undefined;
  onExport(extension: Extension, byDay: boolean): void;
}) {
  const { t } = useTranslation("timeClock");
  const [byDay, setByDay] = useState(false);
  return (
    <div className={classes.exportGroup}>
      <Checkbox
        label={t("export.byDay")}
        checked={byDay}
        disabled={pending}
        onChange={(event) => setByDay(event.currentTarget.checked)}
      />
      {(["csv", "xlsx"] as const).map((extension) => (
        <Button
          key={extension}
          variant="default"
          leftSection={<IconDownload size={16} stroke={1.75} aria-hidden="true" />}
          loading={pending && exporting === extension}
          disabled={pending}
          onClick={() => onExport(extension, byDay)}
        >
          {t(`export.${extension}`)}
        </Button>
      ))}
    </div>
  );
}
