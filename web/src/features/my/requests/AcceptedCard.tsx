import { Badge } from "@mantine/core";
import type { Request } from "@workshift/contracts";
import { useTranslation } from "react-i18next";
import { MyCard } from "../MyCard.tsx";
import { acceptedDetail } from "./accepted-view.ts";
import { RequestBody } from "./RequestBody.tsx";
import classes from "./Requests.module.css";
import { personName, statusColors } from "./request-view.ts";

/**
 * "I said yes to": the teammates' covers I took and swaps I accepted, while
 * a manager decides and once decided (approved, or declined with the
 * reason), so the one who said yes sees how it ended. Hidden when empty
 * ("Asked of me" above says whether anything waits for me).
 */
export function AcceptedCard({ accepted, zone }: { accepted: readonly Request[]; zone: string }) {
  const { t } = useTranslation("my");
  if (accepted.length === 0) return null;
  return (
    <MyCard title={t("accepted.title")} data-testid="my-accepted">
      <ul className={classes.list}>
        {accepted.map((request) => {
          const detail = acceptedDetail(request);
          const name = personName(request.author);
          return (
            <li
              key={request.id}
              className={classes.item}
              data-testid="my-accepted-request"
              data-request-id={request.id}
              data-status={request.status}
            >
              <div className={classes.head}>
                <h3 className={classes.title}>
                  {request.kind === "swap" ? t("accepted.titles.swap", { name }) : t("accepted.titles.cover", { name })}
                </h3>
                <Badge variant="light" color={statusColors[request.status]} radius="sm" className={classes.badge}>
                  {t(`requests.status.${request.status}`)}
                </Badge>
              </div>
              <RequestBody request={request} zone={zone} mine={false} />
              <p className={classes.detail}>{t(`accepted.${detail.key}`, detail.values)}</p>
            </li>
          );
        })}
      </ul>
    </MyCard>
  );
}
