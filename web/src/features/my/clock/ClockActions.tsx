import { Anchor, Button, NativeSelect, Text } from "@mantine/core";
import { IconClockPlay, IconClockStop, IconCoffee, IconPlayerPlay } from "@tabler/icons-react";
import type { ClockStatus, PunchKind } from "@workshift/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { timeOf } from "../my-format.ts";
import classes from "./Clock.module.css";
import { actionsFor, type ClockView } from "./clock-actions.ts";
import { defaultTarget, targetOf } from "./clock-target.ts";
import type { Clock } from "./use-clock.ts";

const actionIcons: Record<PunchKind, ReactNode> = {
  clock_in: <IconClockPlay size={22} stroke={1.75} aria-hidden="true" />,
  break_start: <IconCoffee size={22} stroke={1.75} aria-hidden="true" />,
  break_end: <IconPlayerPlay size={22} stroke={1.75} aria-hidden="true" />,
  clock_out: <IconClockStop size={22} stroke={1.75} aria-hidden="true" />,
};

/** The punches that fit where I stand (the first one large), and, to clock in, where to: my shift or a job. */
export function ClockActions({ clock, status, view }: { clock: Clock; status: ClockStatus; view: ClockView }) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const busy = clock.resting || clock.askingLocation !== null;
  const target = chosen ?? defaultTarget(status);
  const needsJob = view.state === "out" && target === "" && status.jobs.length > 0;

  const jobOptions = status.jobs.map((job) => ({ value: `job:${job.id}`, label: job.name }));
  let picker: ReactNode = null;
  if (view.state === "out" && status.jobs.length > 0) {
    if (status.shift && !picking) {
      picker = (
        <Anchor component="button" type="button" size="sm" fw={600} onClick={() => setPicking(true)}>
          {t("clock.otherJob")}
        </Anchor>
      );
    } else if (status.shift || status.jobs.length > 1) {
      const shift = status.shift;
      const data = [
        ...(shift
          ? [
              {
                value: "shift",
                label: t("clock.targetShift", {
                  range: `${timeOf(shift.starts_at, status.time_zone, language)}–${timeOf(shift.ends_at, status.time_zone, language)}`,
                }),
              },
            ]
          : [{ value: "", label: t("clock.chooseJob"), disabled: true }]),
        ...jobOptions,
      ];
      picker = (
        <NativeSelect
          label={t("clock.target")}
          size="md"
          data={data}
          value={target}
          onChange={(event) => setChosen(event.currentTarget.value)}
          data-testid="my-clock-target"
        />
      );
    }
  }

  const kinds = actionsFor(view.state);
  return (
    <div className={classes.actions}>
      {picker}
      {kinds.map((kind, index) => {
        const main = index === 0;
        return (
          <Button
            key={kind}
            size={main ? "xl" : "lg"}
            fullWidth
            className={classes.action}
            classNames={{ label: classes.actionLabel }}
            variant={kind === "clock_out" ? "outline" : "filled"}
            color={kind === "clock_out" ? "red" : undefined}
            leftSection={actionIcons[kind]}
            disabled={busy || (kind === "clock_in" && needsJob)}
            loading={(clock.recording || clock.askingLocation !== null) && main}
            data-testid={`my-clock-${kind}`}
            onClick={() => {
              clock.punch(kind, kind === "clock_in" ? targetOf(target, status) : {});
              setPicking(false);
              setChosen(null);
            }}
          >
            {t(`clock.actions.${kind}`)}
          </Button>
        );
      })}
      {needsJob ? (
        <Text size="sm" c="dimmed">
          {t("clock.chooseJobHint")}
        </Text>
      ) : null}
    </div>
  );
}
