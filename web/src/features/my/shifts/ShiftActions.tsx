import { Anchor, Badge, Button } from "@mantine/core";
import { IconArrowsExchange, IconHandStop } from "@tabler/icons-react";
import { employeePaths, type MyShift, type Request } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { shiftWhen } from "../my-format.ts";
import { statusColors } from "../requests/request-view.ts";
import classes from "./Shifts.module.css";

/**
 * Under one of my shifts still to come: "Give away" and "Swap", or, while
 * such a request waits, where it stands (it is cancelled from Requests).
 */
export function ShiftActions({
  shift,
  waiting,
  onGiveAway,
  onSwap,
}: {
  shift: MyShift;
  waiting: Request | undefined;
  onGiveAway(): void;
  onSwap(): void;
}) {
  const { t, i18n } = useTranslation("my");
  const language = i18n.language;
  if (waiting) {
    return (
      <div className={classes.waiting} data-testid="my-shift-waiting">
        <Badge variant="light" color={statusColors[waiting.status]} radius="sm" tt="none">
          {waiting.kind === "swap" ? t("shiftActions.swapAsked") : t("shiftActions.givenAway")}
          {" · "}
          {t(`requests.status.${waiting.status}`)}
        </Badge>
        <Anchor component={Link} to={employeePaths.requests} size="sm" fw={600}>
          {t("shiftActions.seeRequest")}
        </Anchor>
      </div>
    );
  }
  const when = shiftWhen(shift, language);
  return (
    <div className={classes.actions}>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconHandStop size={18} stroke={1.75} aria-hidden="true" />}
        aria-label={t("shiftActions.giveAwayLabel", { when })}
        onClick={onGiveAway}
        data-testid="my-shift-give-away"
      >
        {t("shiftActions.giveAway")}
      </Button>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconArrowsExchange size={18} stroke={1.75} aria-hidden="true" />}
        aria-label={t("shiftActions.swapLabel", { when })}
        onClick={onSwap}
        data-testid="my-shift-swap"
      >
        {t("shiftActions.swap")}
      </Button>
    </div>
  );
}
