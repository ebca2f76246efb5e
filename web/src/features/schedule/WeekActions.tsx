import { Badge, Button, Menu } from "@mantine/core";
import {
  IconAdjustmentsHorizontal,
  IconCheck,
  IconChevronDown,
  IconCopy,
  IconDeviceFloppy,
  IconEraser,
  IconFileSpreadsheet,
  IconPrinter,
  IconSend,
  IconTemplate,
} from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import type { WeekResponse } from "@workshift/contracts";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Toaster } from "../../components/Toasts/Toasts.tsx";
import { downloadFile } from "../../lib/download-file.ts";
import { focusedElement } from "../../lib/lost-focus.ts";
import { whenIdle } from "../../lib/when-idle.ts";
import { dateRangeFormat } from "./board-format.ts";
import { returnFocus } from "./return-focus.ts";
import classes from "./ScheduleEdit.module.css";
import { useFailureText } from "./use-failure-text.ts";
import type { WeekDialog } from "./WeekActionDialogs.tsx";
import { csvFileName, pendingCount } from "./week-actions.ts";
import { fetchWeekCsv } from "./week-actions-api.ts";

export interface WeekActionsProps {
  week: WeekResponse;
  /** A board id or "all". */
  scope: string;
  /** Any day of the week shown (YYYY-MM-DD). */
  date: string;
  /** In the month view the menu still acts on one week (the picked day's): its label names that week. */
  monthView?: boolean;
  /** Shifts chosen on the board: Publish then publishes only them. */
  selectedIds: string[];
  onClearSelection(): void;
  /** Results are said with the board's other messages (one corner, one stack). */
  toaster: Toaster;
}

// The dialogs and their forms are not needed for the board's first screen: their code arrives when one is first
// opened, or once the board is idle.
const loadDialogs = () => import("./WeekActionDialogs.tsx");
const WeekActionDialogs = lazy(loadDialogs);

/**
 * The week's actions at the toolbar's end: Publish (the week, or the
 * selection) and a menu with copy, templates, clear drafts, rules, print and
 * CSV. People who may only view the board get print and CSV alone; the
 * actions that change one board's week are disabled, with the reason, on "all".
 */
export function WeekActions({
  week,
  scope,
  date,
  monthView = false,
  selectedIds,
  onClearSelection,
  toaster,
}: WeekActionsProps) {
  const { t, i18n } = useTranslation("scheduleEdit");
  const failureText = useFailureText();
  const [dialog, setDialog] = useState<WeekDialog | null>(null);
  // Mounted from the first opening on, so closing animations keep working.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  /** What opened the dialog, and the menu's button (a menu item is gone once its menu closes). */
  const opener = useRef<HTMLElement | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setDialog(null);
    returnFocus(opener.current, menuButton.current);
  };
  const open = (next: WeekDialog) => {
    opener.current = focusedElement();
    setDialogsWanted(true);
    setDialog(next);
  };
  const board = scope === "all" ? null : (week.boards.find((b) => b.id === scope) ?? null);
  const pending = pendingCount(week.shifts);
  const selected = selectedIds.length;
  const manage = week.can_manage;
  useEffect(() => {
    if (manage) whenIdle(() => void loadDialogs().catch(() => {}));
  }, [manage]);

  const done = (text: string) => {
    close();
    toaster.show("success", text);
  };

  const exportCsv = useMutation({
    mutationFn: () => fetchWeekCsv(scope, date),
    onSuccess: (blob) => downloadFile(blob, csvFileName(board?.name ?? null, week.start_date)),
    onError: (error) => {
      toaster.show("error", `${t("csv.failed")} ${failureText(error, "The CSV could not be exported")}`);
    },
  });

  const oneBoard = (label: string, icon: ReactNode, which: WeekDialog) => (
    <Menu.Item leftSection={icon} disabled={!board} onClick={() => open(which)}>
      {label}
    </Menu.Item>
  );

  const publishLabel =
    selected > 0
      ? t("publish.buttonSelected", { count: selected })
      : pending > 0
        ? t("publish.button")
        : t("publish.upToDate");

  return (
    <div className={classes.weekActions}>
      {manage ? (
        <Button
          onClick={() => open("publish")}
          disabled={selected === 0 && pending === 0}
          leftSection={
            selected === 0 && pending === 0 ? (
              <IconCheck size={18} stroke={1.75} aria-hidden="true" />
            ) : (
              <IconSend size={18} stroke={1.75} aria-hidden="true" />
            )
          }
          rightSection={
            selected === 0 && pending > 0 ? (
              // The space keeps "Publish" and the count two words, as in the button's name.
              <>
                {" "}
                <Badge size="sm" variant="white" className={classes.publishCount} aria-hidden="true">
                  {pending}
                </Badge>
              </>
            ) : null
          }
          aria-label={selected === 0 && pending > 0 ? t("publish.buttonLabel", { count: pending }) : undefined}
          data-testid="schedule-publish"
        >
          {publishLabel}
        </Button>
      ) : null}

      <Menu position="bottom-end" withinPortal shadow="md" width={260}>
        <Menu.Target>
          <Button
            ref={menuButton}
            variant="default"
            rightSection={<IconChevronDown size={16} stroke={1.75} aria-hidden="true" />}
            loading={exportCsv.isPending}
            data-testid="schedule-week-menu"
          >
            {monthView
              ? t("menu.labelWeekOf", { range: dateRangeFormat(i18n.resolvedLanguage)(week.start_date, week.end_date) })
              : t("menu.label")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {manage ? (
            <>
              {board ? null : (
                <Menu.Label>
                  <span className={classes.menuHint}>{t("menu.oneBoardOnly")}</span>
                </Menu.Label>
              )}
              {oneBoard(t("menu.copy"), <IconCopy size={16} stroke={1.75} aria-hidden="true" />, "copy")}
              {oneBoard(
                t("menu.saveTemplate"),
                <IconDeviceFloppy size={16} stroke={1.75} aria-hidden="true" />,
                "saveTemplate",
              )}
              {oneBoard(
                t("menu.applyTemplate"),
                <IconTemplate size={16} stroke={1.75} aria-hidden="true" />,
                "applyTemplate",
              )}
              {oneBoard(t("menu.clear"), <IconEraser size={16} stroke={1.75} aria-hidden="true" />, "clear")}
              {oneBoard(
                t("menu.rules"),
                <IconAdjustmentsHorizontal size={16} stroke={1.75} aria-hidden="true" />,
                "rules",
              )}
              <Menu.Divider />
            </>
          ) : null}
          <Menu.Item
            leftSection={<IconPrinter size={16} stroke={1.75} aria-hidden="true" />}
            onClick={() => window.print()}
          >
            {t("menu.print")}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileSpreadsheet size={16} stroke={1.75} aria-hidden="true" />}
            onClick={() => exportCsv.mutate()}
            disabled={exportCsv.isPending}
          >
            {t("menu.csv")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      {manage && dialogsWanted ? (
        <Suspense fallback={null}>
          <WeekActionDialogs
            dialog={dialog}
            week={week}
            scope={scope}
            date={date}
            board={board}
            selectedIds={selectedIds}
            onClose={close}
            onClearSelection={onClearSelection}
            onDone={done}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
