import type { CopyResult, ScheduleBoard, WeekResponse } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { ClearDraftsDialog } from "./ClearDraftsDialog.tsx";
import { CopyWeekDialog } from "./CopyWeekDialog.tsx";
import { PublishDialog } from "./PublishDialog.tsx";
import { RulesDialog } from "./RulesDialog.tsx";
import { TemplatesDialog } from "./TemplatesDialog.tsx";

/** Which of the week's dialogs is open. */
export type WeekDialog = "publish" | "copy" | "saveTemplate" | "applyTemplate" | "clear" | "rules";

export interface WeekActionDialogsProps {
  /** The open one, or null. */
  dialog: WeekDialog | null;
  week: WeekResponse;
  scope: string;
  date: string;
  /** The one board the actions change (null on "all": only Publish then). */
  board: ScheduleBoard | null;
  selectedIds: string[];
  onClose(): void;
  onClearSelection(): void;
  /** Closes the dialog and says `text` (a success). */
  onDone(text: string): void;
}

/**
 * The dialogs of the week's actions (publish, copy, templates, clear drafts,
 * rules), for people who manage the board. A module of their own that
 * WeekActions loads the first time one is wanted (or once the board is
 * idle): the board's first screen needs none of them, nor their forms.
 */
export default function WeekActionDialogs({
  dialog,
  week,
  scope,
  date,
  board,
  selectedIds,
  onClose,
  onClearSelection,
  onDone,
}: WeekActionDialogsProps) {
  const { t } = useTranslation("scheduleEdit");
  // Shifts made on someone's approved time off (where the organization warns rather than refuses) are said with the result.
  const withLeave = (text: string, result: CopyResult) => {
    const onLeave = new Set(
      (result.warnings ?? []).filter((warning) => warning.kind === "on_leave").map((warning) => warning.shift_id),
    ).size;
    return onLeave > 0 ? `${text} ${t("copy.onLeave", { count: onLeave })}` : text;
  };
  return (
    <>
      <PublishDialog
        opened={dialog === "publish"}
        week={week}
        scope={scope}
        date={date}
        selectedIds={selectedIds}
        onClose={onClose}
        onPublished={(result, selection) => {
          if (selection) onClearSelection();
          onDone(
            `${t("publish.done", { count: result.published })} ${
              result.removed > 0 ? `${t("publish.doneRemoved", { count: result.removed })} ` : ""
            }${t("publish.doneNotified", { count: result.notified })}`,
          );
        }}
      />
      {board ? (
        <>
          <CopyWeekDialog
            opened={dialog === "copy"}
            week={week}
            board={board}
            onClose={onClose}
            onCopied={(result) =>
              onDone(withLeave(t("copy.done", { count: result.created, skipped: result.skipped }), result))
            }
          />
          <TemplatesDialog
            mode={dialog === "saveTemplate" ? "save" : dialog === "applyTemplate" ? "apply" : null}
            week={week}
            board={board}
            onClose={onClose}
            onSaved={(template) => onDone(t("templates.saved", { name: template.name, count: template.shift_count }))}
            onApplied={(template, result) =>
              onDone(
                withLeave(
                  t("templates.applied", { name: template.name, count: result.created, skipped: result.skipped }),
                  result,
                ),
              )
            }
          />
          <ClearDraftsDialog
            opened={dialog === "clear"}
            week={week}
            board={board}
            onClose={onClose}
            onCleared={(count) => onDone(t("clear.done", { count }))}
          />
          <RulesDialog
            opened={dialog === "rules"}
            board={board}
            onClose={onClose}
            onSaved={() => onDone(t("rules.saved"))}
          />
        </>
      ) : null}
    </>
  );
}
