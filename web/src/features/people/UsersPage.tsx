import {
  Anchor,
  Button,
  CloseButton,
  Collapse,
  Group,
  Select,
  Skeleton,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedCallback, useMediaQuery } from "@mantine/hooks";
import {
  IconAdjustmentsHorizontal,
  IconChevronRight,
  IconFileImport,
  IconSearch,
  IconUserPlus,
  IconUsers,
} from "@tabler/icons-react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { adminPaths, memberRoles, memberStatuses, type Person, peopleSorts } from "@workshift/contracts";
import { type ReactNode, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AdminPageHeader } from "../../components/AdminPage/AdminPageHeader.tsx";
import { DoneNotice } from "../../components/AdminPage/DoneNotice.tsx";
import { PhoneNumber } from "../../components/PhoneNumber/PhoneNumber.tsx";
import { UserAvatar } from "../../components/UserAvatar/UserAvatar.tsx";
import { useAuth } from "../../lib/auth-context.ts";
import { ImportModal } from "./ImportModal.tsx";
import { InviteModal } from "./InviteModal.tsx";
import "./mantine-styles.ts";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import classes from "./People.module.css";
import { JobDots, RoleBadge, StatusBadge } from "./PersonBadges.tsx";
import type { JobRef } from "./people-api.ts";
import {
  defaultFilters,
  filtersFromSearchParams,
  flattenPages,
  isFiltered,
  type PeopleFilters,
  SEARCH_MAX,
  searchParamsFromFilters,
} from "./people-query.ts";
import { canManagePeople, fullName } from "./people-rules.ts";
import { useBoards, useJobs, usePeopleList } from "./use-people-data.ts";

const PHONE_QUERY = "(max-width: 47.99em)";
const SEARCH_DEBOUNCE_MS = 300;

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
    content = <ListSkeleton />;
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
      <EmptyState
        title={t("list.noResultsTitle")}
        message={t("list.noResults")}
        action={
          <Button variant="default" onClick={() => setSearchParams(searchParamsFromFilters(defaultFilters))}>
            {t("filters.clear")}
          </Button>
        }
      />
    ) : (
      <EmptyState
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
        {!filtered && manage && total === 1 && rows[0]?.id === user?.id ? (
          <EmptyState
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

      <Toolbar filters={filters} onChange={setFilters} jobs={jobs.data} />

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

interface ToolbarProps {
  filters: PeopleFilters;
  onChange(next: Partial<PeopleFilters>): void;
  jobs: JobRef[] | undefined;
}

/** Search, filters and sort. On a phone the filters fold behind a button that says how many are on. */
function Toolbar({ filters, onChange, jobs }: ToolbarProps) {
  const { t } = useTranslation("people");
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const boards = useBoards();
  const [search, setSearch] = useState(filters.search);
  const [open, setOpen] = useState(false);
  const panelId = useId();

  // The address changed from elsewhere (Back, "Clear filters"): the box follows.
  const typed = useRef(filters.search);
  useEffect(() => {
    if (filters.search !== typed.current) {
      typed.current = filters.search;
      setSearch(filters.search);
    }
  }, [filters.search]);

  const commitSearch = useDebouncedCallback((value: string) => {
    typed.current = value;
    onChange({ search: value });
  }, SEARCH_DEBOUNCE_MS);

  const active = [filters.role, filters.status, filters.job_id, filters.board_id].filter(Boolean).length;
  const activeJobs = (jobs ?? []).filter((job) => !job.is_archived || job.id === filters.job_id);
  const activeBoards = (boards.data ?? []).filter((board) => !board.is_archived || board.id === filters.board_id);

  const selects = (
    <div className={classes.filters}>
      <Select
        label={t("filters.role")}
        placeholder={t("filters.anyRole")}
        data={memberRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        value={filters.role}
        onChange={(value) => onChange({ role: (value as PeopleFilters["role"]) ?? null })}
        clearable
        clearButtonProps={{ "aria-label": t("filters.clearOne") }}
        allowDeselect
      />
      <Select
        label={t("filters.status")}
        placeholder={t("filters.anyStatus")}
        data={memberStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        value={filters.status}
        onChange={(value) => onChange({ status: (value as PeopleFilters["status"]) ?? null })}
        clearable
        clearButtonProps={{ "aria-label": t("filters.clearOne") }}
      />
      <Select
        label={t("filters.job")}
        placeholder={activeJobs.length === 0 ? t("filters.noJobs") : t("filters.anyJob")}
        data={activeJobs.map((job) => ({ value: job.id, label: job.name }))}
        value={filters.job_id}
        onChange={(value) => onChange({ job_id: value ?? null })}
        disabled={activeJobs.length === 0}
        searchable
        clearable
        clearButtonProps={{ "aria-label": t("filters.clearOne") }}
      />
      <Select
        label={t("filters.schedule")}
        placeholder={activeBoards.length === 0 ? t("filters.noSchedules") : t("filters.anySchedule")}
        data={activeBoards.map((board) => ({ value: board.id, label: board.name }))}
        value={filters.board_id}
        onChange={(value) => onChange({ board_id: value ?? null })}
        disabled={activeBoards.length === 0}
        searchable
        clearable
        clearButtonProps={{ "aria-label": t("filters.clearOne") }}
      />
      <Select
        label={t("sort.label")}
        data={peopleSorts.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
        value={filters.sort}
        onChange={(value) => onChange({ sort: (value as PeopleFilters["sort"]) ?? defaultFilters.sort })}
        allowDeselect={false}
      />
    </div>
  );

  return (
    <div className={classes.toolbar}>
      <div className={classes.searchRow}>
        <TextInput
          type="search"
          className={classes.search}
          label={t("filters.search")}
          placeholder={t("filters.searchPlaceholder")}
          leftSection={<IconSearch size={18} stroke={1.75} aria-hidden="true" />}
          value={search}
          maxLength={SEARCH_MAX}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            commitSearch(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              commitSearch.flush();
            }
          }}
          rightSection={
            search !== "" ? (
              <CloseButton
                size="sm"
                aria-label={t("filters.clearSearch")}
                onClick={() => {
                  setSearch("");
                  commitSearch.cancel();
                  typed.current = "";
                  onChange({ search: "" });
                }}
              />
            ) : null
          }
        />
        {phone ? (
          <Button
            variant={active > 0 ? "light" : "default"}
            className={classes.filterToggle}
            leftSection={<IconAdjustmentsHorizontal size={18} stroke={1.75} aria-hidden="true" />}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
          >
            {active > 0 ? t("filters.toggleActive", { count: active }) : t("filters.toggle")}
          </Button>
        ) : null}
      </div>
      {phone ? (
        <Collapse expanded={open} id={panelId}>
          {selects}
        </Collapse>
      ) : (
        selects
      )}
    </div>
  );
}

function EmptyState({ title, message, action }: { title: string; message: string; action: ReactNode }) {
  const headingId = useId();
  return (
    <section className={classes.empty} aria-labelledby={headingId}>
      <span className={classes.emptyIcon} aria-hidden="true">
        <IconUsers size={30} stroke={1.6} />
      </span>
      <Title order={2} id={headingId} className={classes.emptyTitle}>
        {title}
      </Title>
      <Text c="dimmed" className={classes.emptyMessage}>
        {message}
      </Text>
      {action}
    </section>
  );
}

function ListSkeleton() {
  const { t } = useTranslation("people");
  return (
    <div className={classes.skeletons} aria-busy="true" aria-label={t("list.loading")} role="status">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={index} className={classes.skeletonRow}>
          <Skeleton circle height={40} />
          <div className={classes.skeletonText}>
            <Skeleton height={12} width="40%" radius="sm" />
            <Skeleton height={10} width="25%" radius="sm" mt={8} />
          </div>
          <Skeleton height={20} width={80} radius="sm" className={classes.skeletonWide} />
          <Skeleton height={20} width={70} radius="sm" className={classes.skeletonWide} />
        </div>
      ))}
    </div>
  );
}

interface PeopleListProps {
  rows: Person[];
  total: number;
  jobs: JobRef[] | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): void;
  busy: boolean;
}

const ROW_ESTIMATE = { wide: 68, phone: 104 };

/**
 * The rows, virtualised against the window: only what is on screen (plus a
 * few) is in the page. Reaching the end asks for the next page of 50.
 */
function PeopleList({ rows, total, jobs, hasNextPage, isFetchingNextPage, fetchNextPage, busy }: PeopleListProps) {
  const { t } = useTranslation("people");
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // Where the list starts in the page (things above it come and go: a notice, the phone's filters).
  useLayoutEffect(() => {
    const node = listRef.current;
    if (!node) return;
    const measure = () => {
      const top = node.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((current) => (Math.abs(current - top) > 0.5 ? top : current));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const count = rows.length + (hasNextPage ? 1 : 0);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => (phone ? ROW_ESTIMATE.phone : ROW_ESTIMATE.wide),
    overscan: 8,
    scrollMargin,
    getItemKey: (index) => rows[index]?.id ?? "more",
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - 1) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastIndex, rows.length, fetchNextPage]);

  // A different phone/wide layout changes every row's height.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on layout change only
  useEffect(() => {
    virtualizer.measure();
  }, [phone]);

  return (
    <div className={classes.listFrame}>
      {phone ? null : (
        <div className={classes.listHead} aria-hidden="true">
          <span>{t("columns.name")}</span>
          <span>{t("columns.role")}</span>
          <span>{t("columns.status")}</span>
          <span>{t("columns.jobs")}</span>
        </div>
      )}
      <ul
        ref={listRef}
        className={classes.list}
        aria-label={t("list.label")}
        aria-busy={busy || isFetchingNextPage}
        style={{ blockSize: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const person = rows[item.index];
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={classes.item}
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
              aria-setsize={total}
              aria-posinset={item.index + 1}
            >
              {person ? (
                <PersonRow person={person} jobs={jobs} compact={phone} />
              ) : (
                <div className={classes.more} role="status">
                  <Skeleton height={12} width="30%" radius="sm" />
                  <VisuallyHidden component="span">{t("list.loadingMore")}</VisuallyHidden>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function PersonRow({ person, jobs, compact }: { person: Person; jobs: JobRef[] | undefined; compact: boolean }) {
  const { t } = useTranslation("people");
  const name = fullName(person);
  return (
    <Link
      to={adminPaths.userEdit.replace(":id", encodeURIComponent(person.id))}
      className={classes.row}
      data-compact={compact || undefined}
      data-archived={person.status === "archived" || undefined}
    >
      <span className={classes.who}>
        <UserAvatar initials={person.initials} color={person.color} role={person.role} />
        <span className={classes.whoText}>
          <span className={classes.name}>{name}</span>
          <span className={classes.contact}>
            {person.phone || person.email ? (
              <>
                {person.phone ? <PhoneNumber phone={person.phone} /> : null}
                {person.email ? <bdi dir="ltr">{person.email}</bdi> : null}
              </>
            ) : (
              t("row.noContact")
            )}
          </span>
        </span>
      </span>
      <span className={classes.cellRole}>
        <RoleBadge role={person.role} />
      </span>
      <span className={classes.cellStatus}>
        <StatusBadge person={person} />
      </span>
      <span className={classes.cellJobs}>
        <JobDots jobIds={person.job_ids} jobs={jobs} />
      </span>
      <IconChevronRight size={18} stroke={1.75} aria-hidden="true" className={classes.chevron} />
    </Link>
  );
}
