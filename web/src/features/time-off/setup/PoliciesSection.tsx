import { Badge, Button, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LeavePolicy, LeaveType } from "@workshift/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DoneNotice } from "../../../components/AdminPage/DoneNotice.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog/ConfirmDialog.tsx";
import { useProblemText } from "../../../lib/problem-text.ts";
import { isolate } from "./hours.ts";
import { PanelModal } from "./PanelModal.tsx";
import { PolicyForm } from "./PolicyForm.tsx";
import { RowActions } from "./RowActions.tsx";
import { Section } from "./Section.tsx";
import classes from "./Setup.module.css";
import { setupKeys, updatePolicy } from "./setup-api.ts";
import { usePolicySummary } from "./use-policy-summary.ts";

type Editing = { type: LeaveType; policy: LeavePolicy | null };

/** Each active type's policies, in plain words, with how many people are on each; owners add, edit and archive. */
export function PoliciesSection({
  types,
  policies,
  manage,
}: {
  types: LeaveType[];
  policies: LeavePolicy[];
  manage: boolean;
}) {
  const { t } = useTranslation("timeOffSetup");
  const summary = usePolicySummary();
  const problemText = useProblemText();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirming, setConfirming] = useState<LeavePolicy | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: setupKeys.all });
  const archive = useMutation({
    mutationFn: (policy: LeavePolicy) => updatePolicy(policy.id, { archived: !policy.archived }),
    onSuccess: async (policy) => {
      setConfirming(null);
      setNotice(
        t(policy.archived ? "policies.notice.archived" : "policies.notice.restored", { name: isolate(policy.name) }),
      );
      await refresh();
    },
    onError: (error) => setFailure(problemText(error, { logAs: "The policy could not be archived" })),
  });

  const activeTypes = types.filter((type) => !type.archived);

  return (
    <Section title={t("policies.title")} description={t("policies.description")}>
      <DoneNotice text={notice} onDismiss={() => setNotice(null)} />
      {activeTypes.length === 0 ? <Text c="dimmed">{t("types.empty")}</Text> : null}
      {activeTypes.map((type) => {
        const own = policies.filter((policy) => policy.leave_type_id === type.id);
        return (
          <div key={type.id} className={classes.typeGroup}>
            <div className={classes.typeHead}>
              <div className={classes.nameLine}>
                <span className={classes.swatch} style={{ backgroundColor: type.color }} aria-hidden="true" />
                <Title order={3} size="h5">
                  {type.name}
                </Title>
              </div>
              {manage ? (
                <Button
                  size="xs"
                  variant="light"
                  aria-label={t("policies.addFor", { type: type.name })}
                  onClick={() => setEditing({ type, policy: null })}
                >
                  {t("policies.add")}
                </Button>
              ) : null}
            </div>
            {own.length === 0 ? (
              <Text size="sm" c="dimmed" py="xs">
                {t("policies.empty")}
              </Text>
            ) : (
              <ul className={classes.rows} aria-label={type.name}>
                {own.map((policy) => (
                  <li key={policy.id} className={classes.row} data-archived={policy.archived || undefined}>
                    <div className={classes.rowMain}>
                      <div className={classes.nameLine}>
                        <span className={classes.name}>{policy.name}</span>
                        <Badge size="sm" variant="light" color="gray" className={classes.numeric}>
                          {t("policies.people", { count: policy.people })}
                        </Badge>
                        {policy.archived ? (
                          <Badge size="sm" variant="outline" color="gray">
                            {t("archived")}
                          </Badge>
                        ) : null}
                      </div>
                      <Text size="sm" c="dimmed" className={classes.summary}>
                        {summary(policy)}
                      </Text>
                    </div>
                    {manage ? (
                      <RowActions
                        actions={[
                          {
                            label: t("actions.edit"),
                            name: t("actions.editNamed", { name: policy.name }),
                            onClick: () => setEditing({ type, policy }),
                            tone: "edit",
                          },
                          {
                            label: policy.archived ? t("actions.restore") : t("actions.archive"),
                            name: t(policy.archived ? "actions.restoreNamed" : "actions.archiveNamed", {
                              name: policy.name,
                            }),
                            onClick: () => {
                              setFailure(null);
                              setConfirming(policy);
                            },
                            tone: policy.archived ? "quiet" : "danger",
                          },
                        ]}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}

      {manage ? (
        <>
          <PanelModal
            opened={editing !== null}
            title={
              editing?.policy
                ? t("policies.form.editTitle")
                : t("policies.form.createTitle", { type: isolate(editing?.type.name ?? "") })
            }
            onClose={() => setEditing(null)}
          >
            {editing ? (
              <PolicyForm
                leaveTypeId={editing.type.id}
                policy={editing.policy}
                onCancel={() => setEditing(null)}
                onSaved={(saved, created) => {
                  setEditing(null);
                  setNotice(
                    t(created ? "policies.notice.created" : "policies.notice.saved", { name: isolate(saved.name) }),
                  );
                  void refresh();
                }}
              />
            ) : null}
          </PanelModal>
          <ConfirmDialog
            opened={confirming !== null}
            title={
              confirming
                ? t(confirming.archived ? "policies.confirm.restoreTitle" : "policies.confirm.archiveTitle", {
                    name: isolate(confirming.name),
                  })
                : ""
            }
            message={confirming?.archived ? t("policies.confirm.restoreMessage") : t("policies.confirm.archiveMessage")}
            confirmLabel={confirming?.archived ? t("actions.restore") : t("actions.archive")}
            cancelLabel={t("actions.cancel")}
            danger={!confirming?.archived}
            loading={archive.isPending}
            failure={failure}
            onConfirm={() => confirming && archive.mutate(confirming)}
            onCancel={() => setConfirming(null)}
          />
        </>
      ) : null}
    </Section>
  );
}
