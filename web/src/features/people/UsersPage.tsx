import { Anchor, Button, Group, Text } from "@mantine/core";
import { IconFileImport, IconUserPlus } from "@tabler/icons-react";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AdminPageHeader } from "../../components/AdminPage/AdminPageHeader.tsx";
import { DoneNotice } from "../../components/AdminPage/DoneNotice.tsx";
import { useAuth } from "../../lib/auth-context.ts";
import { ImportModal } from "./ImportModal.tsx";
import { InviteModal } from "./InviteModal.tsx";
import "./mantine-styles.ts";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import classes from "./People.module.css";
import { PeopleEmptyState } from "./PeopleEmptyState.tsx";
import { PeopleList, PeopleListSkeleton } from "./PeopleList.tsx";
import { PeopleToolbar } from "./PeopleToolbar.tsx";
import {
  defaultFilters,
  filtersFromSearchParams,
  flattenPages,
  isFiltered,
  type PeopleFilters,
  searchParamsFromFilters,
} from "./people-query.ts";
import { canManagePeople, fullName } from "./people-rules.ts";
import { useJobs, usePeopleList } from "./use-people-data.ts";

/**
 * /admin/users: the team. Search (debounced), filters and sort live in the
 * address; the server filters, sorts and pages (50 at a time); the list is
 * virtualised against the window, so 5,000 people scroll as smoothly as 50.
 */
export function UsersPage() {
  const { t } = useTranslation("people");
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const manage = canManagePeople(user);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const setFilters = (next: Partial<PeopleFilters>) =>
    setSearchParams(searchParamsFromFilters({ ...filters, ...next }), { replace: true });

  const list = usePeopleList(filters);
  const jobs = useJobs();
  const rows = useMemo(() => flattenPages(list.data?.pages ?? []), [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const filtered = isFiltered(filters);

  let content: ReactNode;
  if (list.isPending) {
    content = <PeopleListSkeleton />;
  } else if (list.isError && rows.length === 0) {
    content = (
      <ErrorAlert title={t("list.loadFailedTitle")}>
        {t("list.loadFailed")}{" "}
        <Anchor component="button" type="button" inherit fw={600} onClick={() => void list.refetch()}>
          {t("retry")}
        </Anchor>
      </ErrorAlert>
    );
  } else if (rows.length === 0) {
    content = filtered ? (
      <PeopleEmptyState
        title={t("list.noResultsTitle")}
        message={t("list.noResults")}
        action={
          <Button variant="default" onClick={() => setSearchParams(searchParamsFromFilters(defaultFilters))}>
            {t("filters.clear")}
          </Button>
        }
      />
    ) : (
      <PeopleEmptyState
        title={t("list.emptyTitle")}
        message={t("list.empty")}
        action={
          manage ? (
            <Button
              leftSection={<IconUserPlus size={18} stroke={1.75} aria-hidden="true" />}
              onClick={() => setInviteOpen(true)}
            >
              {t("actions.invite")}
            </Button>
          ) : null
        }
      />
    );
  } else {
    content = (
      <>
        <PeopleList
          rows={rows}
          total={total}
          jobs={jobs.data}
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          fetchNextPage={() => void list.fetchNextPage()}
          busy={list.isFetching && !list.isFetchingNextPage}
        />
        {list.isFetchNextPageError ? (
          <ErrorAlert>
            {t("list.moreFailed")}{" "}
            <Anchor component="button" type="button" inherit fw={600} onClick={() => void list.fetchNextPage()}>
              {t("retry")}
            </Anchor>
          </ErrorAlert>
        ) : null}
        {!filtered && manage && total === 1 && rows[0]?.id === user?.person_id ? (
          <PeopleEmptyState
            title={t("list.emptyTitle")}
            message={t("list.empty")}
            action={
              <Button
                leftSection={<IconUserPlus size={18} stroke={1.75} aria-hidden="true" />}
                onClick={() => setInviteOpen(true)}
              >
                {t("actions.invite")}
              </Button>
            }
          />
        ) : null}
      </>
    );
  }

  return (
    <div className={classes.page}>
      <AdminPageHeader
        title={t("list.title")}
        description={t("list.description")}
        action={
          manage ? (
            <Group gap="sm" className={classes.pageActions}>
              <Button
                variant="default"
                leftSection={<IconFileImport size={18} stroke={1.75} aria-hidden="true" />}
                onClick={() => setImportOpen(true)}
              >
                {t("actions.import")}
              </Button>
              <Button
                leftSection={<IconUserPlus size={18} stroke={1.75} aria-hidden="true" />}
                onClick={() => setInviteOpen(true)}
              >
                {t("actions.invite")}
              </Button>
            </Group>
          ) : null
        }
      />

      <DoneNotice text={notice} onDismiss={() => setNotice(null)} />

      <PeopleToolbar filters={filters} onChange={setFilters} jobs={jobs.data} />

      <Text size="sm" c="dimmed" role="status" aria-live="polite" className={classes.count}>
        {list.isSuccess ? (filtered ? t("list.matching", { count: total }) : t("list.count", { count: total })) : ""}
      </Text>

      {content}

      {manage ? (
        <>
          <InviteModal
            opened={inviteOpen}
            onClose={() => setInviteOpen(false)}
            onInvited={(person) => {
              setInviteOpen(false);
              setNotice(t("invite.sent", { name: fullName(person) }));
            }}
          />
          <ImportModal
            opened={importOpen}
            onClose={() => setImportOpen(false)}
            onImported={(count) => {
              setImportOpen(false);
              setNotice(t("import.done", { count }));
            }}
          />
        </>
      ) : null}
    </div>
  );
}
