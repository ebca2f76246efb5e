import { Skeleton, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import type { Person } from "@workshift/contracts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useScrollMargin } from "../../lib/use-scroll-margin.ts";
import classes from "./People.module.css";
import { PersonRow } from "./PersonRow.tsx";
import type { JobRef } from "./people-api.ts";

const PHONE_QUERY = "(max-width: 47.99em)";

/** Rows of placeholders while the first page loads. */
export function PeopleListSkeleton() {
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

const ROW_ESTIMATE = { wide: 68, phone: 128 };

/**
 * The rows, virtualised against the window: only what is on screen (plus a
 * few) is in the page. Reaching the end asks for the next page of 50.
 */
export function PeopleList({
  rows,
  total,
  jobs,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  busy,
}: PeopleListProps) {
  const { t } = useTranslation("people");
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [listRef, scrollMargin] = useScrollMargin<HTMLUListElement>();

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
