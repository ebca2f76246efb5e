import { Badge, CloseButton, Paper, Switch, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconBriefcase, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { can, type Job } from "@workshift/contracts";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ArchiveConfirmDialog } from "../../components/AdminList/ArchiveConfirmDialog.tsx";
import { CreateButton } from "../../components/AdminList/CreateButton.tsx";
import { EditArchiveButtons } from "../../components/AdminList/EditArchiveButtons.tsx";
import { EmptyList } from "../../components/AdminList/EmptyList.tsx";
import { ListForbiddenAlert, ListLoadFailedAlert, ListReadOnlyAlert } from "../../components/AdminList/ListAlerts.tsx";
import layout from "../../components/AdminPage/AdminPage.module.css";
import { AdminPageHeader } from "../../components/AdminPage/AdminPageHeader.tsx";
import { DoneNotice } from "../../components/AdminPage/DoneNotice.tsx";
import { LoadingDots } from "../../components/LoadingDots/LoadingDots.tsx";
import { ltrText } from "../../components/Ltr/ltr-text.ts";
import { apiFieldErrors } from "../../lib/api-error.ts";
import { useAuth } from "../../lib/auth-context.ts";
import { JobFormModal } from "./JobFormModal.tsx";
import classes from "./Jobs.module.css";
import "./mantine-styles.ts";
import { fetchJobs, jobKeys } from "../../lib/jobs-query.ts";
import { problemCodeOf } from "../../lib/problem-text.ts";
import { emptyJobValues, nextColor } from "./job-form.ts";
import { setJobArchived } from "./jobs-api.ts";

/** The empty list's picture. */
const jobIcon = <IconBriefcase size={28} stroke={1.6} />;
const PHONE_QUERY = "(max-width: 47.99em)";
const SEARCH_DEBOUNCE_MS = 250;
const SEARCH_MAX = 100;

/**
 * /admin/jobs: the organization's jobs, searched on the server by name or
 * address, archived ones on request. A table on wide screens, cards on a
 * phone. Owners and supervisors who manage schedules create, edit, archive
 * and restore; other supervisors read.
 */
export function JobsPage() {
  const { t, i18n } = useTranslation("jobs");
  const { user } = useAuth();
  const view = can(user ?? { role: null }, "jobs.view");
  const manage = can(user ?? { role: null }, "jobs.manage");
  const phone = useMediaQuery(PHONE_QUERY);
  const queryClient = useQueryClient();

  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [includeArchived, setIncludeArchived] = useState(false);
  const [editing, setEditing] = useState<Job | "new" | null>(null);
  const [confirming, setConfirming] = useState<Job | null>(null);
  const [confirmFailure, setConfirmFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const query = { search: debouncedSearch, includeArchived };
  const jobs = useQuery({
    queryKey: jobKeys.list(query),
    queryFn: () => fetchJobs(query),
    placeholderData: keepPreviousData,
    enabled: view,
    staleTime: 30_000,
  });

  const refreshEverywhere = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: jobKeys.all }),
      // Boards and people show jobs too.
      queryClient.invalidateQueries({ queryKey: ["boards"] }),
      queryClient.invalidateQueries({ queryKey: ["people"] }),
    ]);

  const archive = useMutation({
    mutationFn: (job: Job) => setJobArchived(job.id, !job.is_archived),
    onSuccess: async (job) => {
      setConfirming(null);
      setNotice(t(job.is_archived ? "notice.archived" : "notice.restored", { name: job.name }));
      await refreshEverywhere();
    },
    onError: (error) => {
      setConfirmFailure(apiFieldErrors(error).name === "jobs.nameTaken" ? t("confirm.nameTaken") : t("confirm.failed"));
    },
  });

  const rate = useMemo(() => {
    const format = new Intl.NumberFormat(i18n.resolvedLanguage, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return (value: number | null) =>
      value === null ? t("list.noRate") : t("list.ratePerHour", { rate: ltrText(format.format(value)) });
  }, [i18n.resolvedLanguage, t]);

  const rows = jobs.data ?? [];
  const searching = debouncedSearch !== "";

  let content: ReactNode;
  if (!view || problemCodeOf(jobs.error) === "forbidden") {
    content = <ListForbiddenAlert ns="jobs" />;
  } else if (jobs.isPending) {
    content = <LoadingDots layout="section" />;
  } else if (jobs.isError && rows.length === 0) {
    content = <ListLoadFailedAlert ns="jobs" onRetry={() => void jobs.refetch()} />;
  } else if (rows.length === 0 && searching) {
    content = (
      <EmptyList
        icon={jobIcon}
        title={t("list.noResultsTitle")}
        message={t("list.noResults", { search: debouncedSearch })}
      />
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyList
        icon={jobIcon}
        title={t("list.emptyTitle")}
        message={`${t("list.empty")}${manage ? "" : ` ${t("list.emptyReadOnly")}`}`}
        action={manage ? <CreateButton ns="jobs" onClick={() => setEditing("new")} /> : null}
      />
    );
  } else {
    const actions = (job: Job) =>
      manage ? (
        <div className={classes.rowActions}>
          <EditArchiveButtons
            ns="jobs"
            item={job}
            onEdit={() => setEditing(job)}
            onArchive={() => {
              setConfirmFailure(null);
              setConfirming(job);
            }}
          />
        </div>
      ) : null;
    content = phone ? (
      <ul className={classes.cards} aria-label={t("list.label")}>
        {rows.map((job) => (
          <li key={job.id}>
            <Paper withBorder p="md" radius="md" className={classes.card}>
              <JobName job={job} archivedLabel={t("list.archived")} />
              {job.description ? (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {job.description}
                </Text>
              ) : null}
              <div className={classes.cardMeta}>
                <span>{job.address ? <bdi>{job.address}</bdi> : t("list.noAddress")}</span>
                <span className={classes.numeric}>{rate(job.hourly_rate)}</span>
                <span>{t("list.peopleCount", { count: job.people_count })}</span>
              </div>
              {actions(job)}
            </Paper>
          </li>
        ))}
      </ul>
    ) : (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t("list.label")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("list.job")}</Table.Th>
              <Table.Th>{t("list.address")}</Table.Th>
              <Table.Th>{t("list.rate")}</Table.Th>
              <Table.Th>{t("list.people")}</Table.Th>
              {manage ? (
                <Table.Th>
                  <VisuallyHidden>{t("list.actions")}</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((job) => (
              <Table.Tr key={job.id} className={job.is_archived ? classes.archivedRow : undefined}>
                <Table.Td>
                  <JobName job={job} archivedLabel={t("list.archived")} />
                  {job.description ? (
                    <Text size="sm" c="dimmed" lineClamp={1} ms="1.375rem">
                      {job.description}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {job.address ? (
                    <bdi>{job.address}</bdi>
                  ) : (
                    <Text span c="dimmed" size="sm">
                      {t("list.noAddress")}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td className={classes.numeric}>{rate(job.hourly_rate)}</Table.Td>
                <Table.Td className={classes.numeric}>{t("list.peopleCount", { count: job.people_count })}</Table.Td>
                {manage ? <Table.Td>{actions(job)}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const openJob = editing === "new" ? null : editing;
  return (
    <div className={layout.page}>
      <AdminPageHeader
        title={t("title")}
        description={t("description")}
        action={manage ? <CreateButton ns="jobs" onClick={() => setEditing("new")} /> : null}
      />

      {manage || !view ? null : <ListReadOnlyAlert ns="jobs" />}

      <DoneNotice text={notice} onDismiss={() => setNotice(null)} />

      <div className={classes.toolbar}>
        <TextInput
          className={classes.search}
          type="search"
          label={t("toolbar.search")}
          placeholder={t("toolbar.searchPlaceholder")}
          value={search}
          maxLength={SEARCH_MAX}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} stroke={1.75} aria-hidden="true" />}
          rightSection={
            search ? (
              <CloseButton size="sm" aria-label={t("toolbar.clearSearch")} onClick={() => setSearch("")} />
            ) : null
          }
        />
        <Switch
          label={t("toolbar.showArchived")}
          checked={includeArchived}
          onChange={(event) => setIncludeArchived(event.currentTarget.checked)}
          mb={8}
        />
      </div>

      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {jobs.isSuccess && rows.length > 0 ? t("list.count", { count: rows.length }) : ""}
      </Text>

      {content}

      {manage ? (
        <>
          <JobFormModal
            opened={editing !== null}
            job={openJob}
            initialValues={emptyJobValues(nextColor(rows))}
            onClose={() => setEditing(null)}
            onSaved={(job, created) => {
              setEditing(null);
              setNotice(t(created ? "notice.created" : "notice.saved", { name: job.name }));
              void refreshEverywhere();
            }}
          />
          <ArchiveConfirmDialog
            ns="jobs"
            item={confirming}
            loading={archive.isPending}
            failure={confirmFailure}
            onConfirm={(job) => archive.mutate(job)}
            onCancel={() => setConfirming(null)}
          />
        </>
      ) : null}
    </div>
  );
}

function JobName({ job, archivedLabel }: { job: Job; archivedLabel: string }) {
  return (
    <div className={classes.nameCell}>
      <span className={classes.swatch} style={{ backgroundColor: job.color }} aria-hidden="true" />
      <span className={classes.name}>{job.name}</span>
      {job.is_archived ? (
        <Badge size="sm" variant="light" color="gray">
          {archivedLabel}
        </Badge>
      ) : null}
    </div>
  );
}
