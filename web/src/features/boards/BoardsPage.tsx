import { Badge, Button, Paper, Switch, Text, Title } from "@mantine/core";
import { IconCalendarWeek } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Board, can, type Job } from "@workshift/contracts";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ArchiveConfirmDialog } from "../../components/AdminList/ArchiveConfirmDialog.tsx";
import { CreateButton } from "../../components/AdminList/CreateButton.tsx";
import { EditArchiveButtons } from "../../components/AdminList/EditArchiveButtons.tsx";
import { EmptyList } from "../../components/AdminList/EmptyList.tsx";
import { ListForbiddenAlert, ListLoadFailedAlert, ListReadOnlyAlert } from "../../components/AdminList/ListAlerts.tsx";
import layout from "../../components/AdminPage/AdminPage.module.css";
import { AdminPageHeader } from "../../components/AdminPage/AdminPageHeader.tsx";
import { DoneNotice } from "../../components/AdminPage/DoneNotice.tsx";
import { LoadingDots } from "../../components/LoadingDots/LoadingDots.tsx";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { useAuth } from "../../lib/auth-context.ts";
import { jobSchedulersQueryKey } from "../../lib/job-schedulers.ts";
import { fetchJobs, jobKeys } from "../../lib/jobs-query.ts";
import { schedulingDashboardPath } from "../../lib/navigation.ts";
import { BoardFormModal } from "./BoardFormModal.tsx";
import classes from "./Boards.module.css";
import "./mantine-styles.ts";
import { problemCodeOf } from "../../lib/problem-text.ts";
import { weekdayNames } from "../../lib/weekdays.ts";
import { boardKeys, fetchBoards, setBoardArchived } from "./boards-api.ts";

/** How many of a board's jobs its card names before "+N more". */
const JOBS_SHOWN = 6;

/**
 * /admin/jobs-scheduling: the schedule boards ("job schedulers"), as cards
 * that reflow from one column on a phone to several on a wide screen. Those
 * who manage boards create, edit (name, time zone, week start, jobs, people),
 * archive and unarchive; the sidebar's Schedules menu follows at once.
 */
export function BoardsPage() {
  const { t, i18n } = useTranslation("boards");
  const { user } = useAuth();
  const who = user ?? { role: null };
  const view = can(who, "schedule.view");
  const manage = can(who, "schedule.manage");
  const canListJobs = can(who, "jobs.view");
  const queryClient = useQueryClient();

  const [includeArchived, setIncludeArchived] = useState(false);
  const [editing, setEditing] = useState<Board | "new" | null>(null);
  const [confirming, setConfirming] = useState<Board | null>(null);
  const [confirmFailure, setConfirmFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const boards = useQuery({
    queryKey: boardKeys.list(includeArchived),
    queryFn: () => fetchBoards(includeArchived),
    enabled: view,
    staleTime: 30_000,
  });
  // The jobs name the boards' jobs and are what the form offers (a platform admin cannot list them).
  const jobs = useQuery({
    queryKey: jobKeys.list({ search: "", includeArchived: false }),
    queryFn: () => fetchJobs(),
    enabled: canListJobs,
    staleTime: 30_000,
  });
  const jobsById = useMemo(() => new Map((jobs.data ?? []).map((job) => [job.id, job])), [jobs.data]);
  const weekdays = useMemo(() => weekdayNames(i18n.resolvedLanguage), [i18n.resolvedLanguage]);

  const refreshEverywhere = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: boardKeys.all }),
      // The sidebar's Schedules menu, the jobs' board counts and the people's boards follow.
      queryClient.invalidateQueries({ queryKey: jobSchedulersQueryKey }),
      queryClient.invalidateQueries({ queryKey: jobKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["people"] }),
    ]);

  const archive = useMutation({
    mutationFn: (board: Board) => setBoardArchived(board.id, !board.is_archived),
    onSuccess: async (board) => {
      setConfirming(null);
      setNotice(t(board.is_archived ? "notice.archived" : "notice.restored", { name: board.name }));
      await refreshEverywhere();
    },
    onError: (error) => {
      setConfirmFailure(
        apiFieldErrors(error).name === "boards.nameTaken" ? t("confirm.nameTaken") : t("confirm.failed"),
      );
    },
  });

  const rows = boards.data ?? [];
  let content: ReactNode;
  if (!view || problemCodeOf(boards.error) === "forbidden") {
    content = <ListForbiddenAlert ns="boards" />;
  } else if (boards.isPending) {
    content = <LoadingDots layout="section" />;
  } else if (boards.isError) {
    content = <ListLoadFailedAlert ns="boards" onRetry={() => void boards.refetch()} />;
  } else if (rows.length === 0) {
    content = (
      <EmptyList
        icon={<IconCalendarWeek size={28} stroke={1.6} />}
        title={t("list.emptyTitle")}
        message={`${t("list.empty")}${manage ? "" : ` ${t("list.emptyReadOnly")}`}`}
        action={manage ? <CreateButton ns="boards" onClick={() => setEditing("new")} /> : null}
      />
    );
  } else {
    content = (
      <ul className={classes.grid} aria-label={t("list.label")}>
        {rows.map((board) => (
          <li key={board.id}>
            <BoardCard
              board={board}
              jobsById={jobsById}
              weekday={weekdays[board.week_start] ?? ""}
              manage={manage}
              onEdit={() => setEditing(board)}
              onArchive={() => {
                setConfirmFailure(null);
                setConfirming(board);
              }}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={layout.page}>
      <AdminPageHeader
        title={t("title")}
        description={t("description")}
        action={manage ? <CreateButton ns="boards" onClick={() => setEditing("new")} /> : null}
      />

      {manage || !view ? null : <ListReadOnlyAlert ns="boards" />}

      <DoneNotice text={notice} onDismiss={() => setNotice(null)} />

      <div className={classes.toolbar}>
        <Switch
          label={t("toolbar.showArchived")}
          checked={includeArchived}
          onChange={(event) => setIncludeArchived(event.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {boards.isSuccess && rows.length > 0 ? t("list.count", { count: rows.length }) : ""}
        </Text>
      </div>

      {content}

      {manage ? (
        <>
          <BoardFormModal
            opened={editing !== null}
            board={editing === "new" ? null : editing}
            jobs={canListJobs ? jobs.data : null}
            onClose={() => setEditing(null)}
            onSaved={(board, created) => {
              setEditing(null);
              setNotice(t(created ? "notice.created" : "notice.saved", { name: board.name }));
              void refreshEverywhere();
            }}
          />
          <ArchiveConfirmDialog
            ns="boards"
            item={confirming}
            loading={archive.isPending}
            failure={confirmFailure}
            onConfirm={(board) => archive.mutate(board)}
            onCancel={() => setConfirming(null)}
          />
        </>
      ) : null}
    </div>
  );
}

interface BoardCardProps {
  board: Board;
  jobsById: Map<string, Job>;
  weekday: string;
  manage: boolean;
  onEdit(): void;
  onArchive(): void;
}

function BoardCard({ board, jobsById, weekday, manage, onEdit, onArchive }: BoardCardProps) {
  const { t } = useTranslation("boards");
  const named = board.job_ids.map((id) => jobsById.get(id)).filter((job): job is Job => job !== undefined);
  const shown = named.slice(0, JOBS_SHOWN);
  return (
    <Paper withBorder p="md" radius="md" className={classes.boardCard}>
      <div className={classes.boardHeader}>
        <Title order={2} size="h4" className={classes.name}>
          {board.name}
        </Title>
        {board.is_archived ? (
          <Badge size="sm" variant="light" color="gray">
            {t("list.archived")}
          </Badge>
        ) : null}
      </div>
      <dl className={classes.facts}>
        <dt>{t("list.timeZone")}</dt>
        <dd>{board.time_zone.replaceAll("_", " ")}</dd>
        <dt>{t("list.weekStart")}</dt>
        <dd>{weekday}</dd>
      </dl>
      <Text size="sm" fw={600}>
        {t("list.jobCount", { count: board.job_count })} · {t("list.memberCount", { count: board.member_count })}
      </Text>
      {shown.length > 0 ? (
        <ul className={classes.chips}>
          {shown.map((job) => (
            <li key={job.id} className={classes.chip}>
              <span className={classes.swatch} style={{ backgroundColor: job.color }} aria-hidden="true" />
              {job.name}
            </li>
          ))}
          {named.length > shown.length ? (
            <li className={classes.chip}>{t("list.moreJobs", { count: named.length - shown.length })}</li>
          ) : null}
        </ul>
      ) : board.job_count === 0 ? (
        <Text size="sm" c="dimmed">
          {t("list.noJobs")}
        </Text>
      ) : null}
      <div className={classes.cardActions}>
        {board.is_archived ? null : (
          <Button
            component={Link}
            to={schedulingDashboardPath(board.id)}
            size="xs"
            aria-label={t("actions.openNamed", { name: board.name })}
          >
            {t("actions.open")}
          </Button>
        )}
        {manage ? <EditArchiveButtons ns="boards" item={board} onEdit={onEdit} onArchive={onArchive} /> : null}
      </div>
    </Paper>
  );
}
