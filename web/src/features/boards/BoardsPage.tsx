import { Alert, Anchor, Badge, Button, Paper, Switch, Text, Title } from "@mantine/core";
import { IconCalendarWeek, IconInfoCircle, IconLock, IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Board, boardAccess, type Job, jobAccess } from "@workshift/contracts";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import layout from "../../components/AdminPage/AdminPage.module.css";
import { AdminPageHeader } from "../../components/AdminPage/AdminPageHeader.tsx";
import { DoneNotice } from "../../components/AdminPage/DoneNotice.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog/ConfirmDialog.tsx";
import { LoadingDots } from "../../components/LoadingDots/LoadingDots.tsx";
import { apiFieldErrors, httpStatusOf } from "../../lib/api-error.ts";
import { useAuth } from "../../lib/auth-context.ts";
import { jobSchedulersQueryKey } from "../../lib/job-schedulers.ts";
import { fetchJobs, jobKeys } from "../../lib/jobs-query.ts";
import { schedulingDashboardPath } from "../../lib/navigation.ts";
import { BoardFormModal } from "./BoardFormModal.tsx";
import classes from "./Boards.module.css";
import "./mantine-styles.ts";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
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
  const { view, manage } = boardAccess(user?.role, user?.permissions);
  const canListJobs = jobAccess(user?.role, user?.permissions).view;
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
  if (!view || httpStatusOf(boards.error) === 403) {
    content = (
      <Alert
        variant="light"
        color="yellow"
        title={t("list.forbiddenTitle")}
        icon={<IconLock size={20} stroke={1.75} aria-hidden="true" />}
      >
        {t("list.forbidden")}
      </Alert>
    );
  } else if (boards.isPending) {
    content = <LoadingDots layout="section" />;
  } else if (boards.isError) {
    content = (
      <ErrorAlert title={t("list.loadFailedTitle")}>
        {t("list.loadFailed")}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void boards.refetch()}>
          {t("list.retry")}
        </Anchor>
      </ErrorAlert>
    );
  } else if (rows.length === 0) {
    content = (
      <section className={layout.empty} aria-label={t("list.emptyTitle")}>
        <span className={layout.emptyIcon} aria-hidden="true">
          <IconCalendarWeek size={28} stroke={1.6} />
        </span>
        <Title order={2} className={layout.emptyTitle}>
          {t("list.emptyTitle")}
        </Title>
        <Text c="dimmed" className={layout.emptyMessage}>
          {t("list.empty")}
          {manage ? "" : ` ${t("list.emptyReadOnly")}`}
        </Text>
        {manage ? (
          <Button
            leftSection={<IconPlus size={18} stroke={1.75} aria-hidden="true" />}
            onClick={() => setEditing("new")}
          >
            {t("actions.create")}
          </Button>
        ) : null}
      </section>
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
        action={
          manage ? (
            <Button
              leftSection={<IconPlus size={18} stroke={1.75} aria-hidden="true" />}
              onClick={() => setEditing("new")}
            >
              {t("actions.create")}
            </Button>
          ) : null
        }
      />

      {manage || !view ? null : (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} stroke={1.75} aria-hidden="true" />}>
          {t("list.readOnly")}
        </Alert>
      )}

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
          <ConfirmDialog
            opened={confirming !== null}
            title={
              confirming
                ? t(confirming.is_archived ? "confirm.restoreTitle" : "confirm.archiveTitle", { name: confirming.name })
                : ""
            }
            message={confirming?.is_archived ? t("confirm.restoreMessage") : t("confirm.archiveMessage")}
            confirmLabel={confirming?.is_archived ? t("actions.restore") : t("actions.archive")}
            cancelLabel={t("actions.cancel")}
            danger={!confirming?.is_archived}
            loading={archive.isPending}
            failure={confirmFailure}
            onConfirm={() => {
              if (confirming) archive.mutate(confirming);
            }}
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
        {manage ? (
          <>
            <Button
              size="xs"
              variant="default"
              aria-label={t("actions.editNamed", { name: board.name })}
              onClick={onEdit}
            >
              {t("actions.edit")}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color={board.is_archived ? undefined : "red"}
              aria-label={t(board.is_archived ? "actions.restoreNamed" : "actions.archiveNamed", { name: board.name })}
              onClick={onArchive}
            >
              {board.is_archived ? t("actions.restore") : t("actions.archive")}
            </Button>
          </>
        ) : null}
      </div>
    </Paper>
  );
}
