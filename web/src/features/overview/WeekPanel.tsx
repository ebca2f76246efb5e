import { Anchor, Button, Text, Title } from "@mantine/core";
import { IconCalendarPlus } from "@tabler/icons-react";
import { adminPaths, type OverviewResponse } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./Overview.module.css";
import { formatDayRange, formatHours, formatMoney } from "./overview-format.ts";
import { boardWeekPath } from "./overview-links.ts";
import { type Bar, type WeekRow, weekChart } from "./week-bars.ts";

/**
 * This week per schedule board: scheduled against worked hours as bars on
 * one scale, the numbers beside them, and the scheduled cost in the
 * organization's currency; what was worked on no board's shift below. Each
 * board opens its week. Bars carry their figure as their label (role="img");
 * the written numbers beside them are for the eye.
 */
export function WeekPanel({ overview }: { overview: OverviewResponse }) {
  const { t, i18n } = useTranslation("overview");
  const language = i18n.resolvedLanguage;
  const chart = weekChart(overview);
  const hours = (minutes: number) => t("week.hours", { hours: formatHours(minutes, language) });
  const money = (amount: number) => formatMoney(amount, overview.currency, language);
  const { can } = overview;

  return (
    <section
      className={`${classes.panel} ${classes.wide}`}
      aria-labelledby="overview-week-title"
      data-testid="overview-week"
    >
      <div className={classes.panelHead}>
        <Title order={2} id="overview-week-title" className={classes.panelTitle}>
          {t("week.title")}
        </Title>
        <span className={classes.panelHint}>
          {formatDayRange(overview.week.start_date, overview.week.end_date, language)}
        </span>
      </div>

      {overview.boards.length === 0 ? (
        <div className={classes.noBoards} data-testid="overview-no-boards">
          <Text fw={600}>{t("week.emptyTitle")}</Text>
          <Text size="sm" c="dimmed">
            {can.schedule ? t("week.empty") : t("week.emptyReadOnly")}
          </Text>
          {can.schedule ? (
            <Button
              component={Link}
              to={adminPaths.jobsScheduling}
              variant="light"
              size="sm"
              leftSection={<IconCalendarPlus size={18} stroke={1.75} aria-hidden="true" />}
            >
              {t("week.create")}
            </Button>
          ) : null}
        </div>
      ) : (
        <>
          <dl className={classes.totals}>
            {chart.totals.scheduled !== null ? (
              <div className={classes.total}>
                <dt>{t("week.scheduled")}</dt>
                <dd>{hours(chart.totals.scheduled)}</dd>
              </div>
            ) : null}
            {chart.totals.worked !== null ? (
              <div className={classes.total}>
                <dt>{t("week.worked")}</dt>
                <dd>{hours(chart.totals.worked)}</dd>
              </div>
            ) : null}
            {can.schedule ? (
              <div className={classes.total}>
                <dt>{t("week.cost")}</dt>
                <dd>{chart.totals.cost !== null ? money(chart.totals.cost) : t("week.noRate")}</dd>
              </div>
            ) : null}
          </dl>

          <ul className={classes.boards} aria-label={t("week.boardsLabel")}>
            {chart.rows.map((row) => (
              <li key={row.id}>
                <BoardBars row={row} weekStart={overview.week.start_date} hours={hours} money={money} />
              </li>
            ))}
            {chart.offBoard ? (
              <li>
                <div className={classes.board} data-testid="overview-off-board">
                  <span className={classes.boardName}>
                    {t("week.offBoard")}
                    <span className={classes.boardHint}>{t("week.offBoardHint")}</span>
                  </span>
                  <div className={classes.bars}>
                    <BarLine
                      bar={chart.offBoard}
                      kind="worked"
                      measure={t("week.worked")}
                      label={t("week.bar", {
                        board: t("week.offBoard"),
                        measure: t("week.worked"),
                        value: hours(chart.offBoard.minutes),
                      })}
                      value={hours(chart.offBoard.minutes)}
                    />
                  </div>
                  <span />
                </div>
              </li>
            ) : null}
          </ul>
          {chart.empty ? (
            <Text size="sm" c="dimmed">
              {t("week.nothingYet")}
            </Text>
          ) : null}
        </>
      )}
    </section>
  );
}

function BoardBars({
  row,
  weekStart,
  hours,
  money,
}: {
  row: WeekRow;
  weekStart: string;
  hours(minutes: number): string;
  money(amount: number): string;
}) {
  const { t } = useTranslation("overview");
  const label = (measure: string, bar: Bar) => t("week.bar", { board: row.name, measure, value: hours(bar.minutes) });
  return (
    <div className={classes.board} data-testid="overview-board">
      <Anchor
        component={Link}
        to={boardWeekPath(row.id, weekStart)}
        className={classes.boardName}
        aria-label={t("week.openBoard", { board: row.name })}
        data-testid="overview-board-link"
      >
        {row.name}
      </Anchor>
      <div className={classes.bars}>
        {row.scheduled ? (
          <BarLine
            bar={row.scheduled}
            kind="scheduled"
            measure={t("week.scheduled")}
            label={label(t("week.scheduled"), row.scheduled)}
            value={hours(row.scheduled.minutes)}
          />
        ) : null}
        {row.worked ? (
          <BarLine
            bar={row.worked}
            kind="worked"
            measure={t("week.worked")}
            label={label(t("week.worked"), row.worked)}
            value={hours(row.worked.minutes)}
          />
        ) : null}
      </div>
      {row.scheduled ? (
        <span className={classes.cost}>
          <span className={classes.costLabel}>{t("week.costShort")} </span>
          {row.cost !== null ? (
            money(row.cost)
          ) : (
            <Text span size="sm" c="dimmed">
              {t("week.noRate")}
            </Text>
          )}
        </span>
      ) : (
        <span />
      )}
    </div>
  );
}

function BarLine({
  bar,
  kind,
  measure,
  label,
  value,
}: {
  bar: Bar;
  kind: "scheduled" | "worked";
  measure: string;
  label: string;
  value: string;
}) {
  return (
    <div className={classes.barRow}>
      <span className={classes.measure} aria-hidden="true">
        {measure}
      </span>
      <span className={classes.track} role="img" aria-label={label}>
        <span className={`${classes.fill} ${classes[kind]}`} style={{ inlineSize: `${bar.percent}%` }} />
      </span>
      <span className={classes.barValue} aria-hidden="true">
        {value}
      </span>
    </div>
  );
}
