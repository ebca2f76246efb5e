import { Badge, Button, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LEAVE_TYPE_NAME_MAX, type LeaveType } from "@workshift/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DoneNotice } from "../../../components/AdminPage/DoneNotice.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog/ConfirmDialog.tsx";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { PaletteColorInput } from "../../../components/PaletteColorInput/PaletteColorInput.tsx";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import { useProblemText } from "../../../lib/problem-text.ts";
import { FormButtons } from "./FormButtons.tsx";
import { isolate } from "./hours.ts";
import { PanelModal } from "./PanelModal.tsx";
import { RowActions } from "./RowActions.tsx";
import { Section } from "./Section.tsx";
import classes from "./Setup.module.css";
import { createLeaveType, setupKeys, updateLeaveType } from "./setup-api.ts";
import {
  emptyTypeValues,
  nextTypeColor,
  type TypeFormValues,
  typeBody,
  typeFieldErrors,
  typeValuesFrom,
  validateType,
} from "./type-form.ts";
import { usePanelSave } from "./use-panel-save.ts";

/** The leave types: colour, name, paid or not; owners add, rename, recolour, archive and restore. */
export function TypesSection({ types, manage }: { types: LeaveType[]; manage: boolean }) {
  const { t } = useTranslation("timeOffSetup");
  const problemText = useProblemText();
  const queryClient = useQueryClient();
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<LeaveType | "new" | null>(null);
  const [confirming, setConfirming] = useState<LeaveType | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: setupKeys.all });
  const archive = useMutation({
    mutationFn: (type: LeaveType) => updateLeaveType(type.id, { archived: !type.archived }),
    onSuccess: async (type) => {
      setConfirming(null);
      setNotice(t(type.archived ? "types.notice.archived" : "types.notice.restored", { name: isolate(type.name) }));
      await refresh();
    },
    onError: (error) => setFailure(problemText(error, { logAs: "The leave type could not be archived" })),
  });

  const shown = types.filter((type) => showArchived || !type.archived);
  const hasArchived = types.some((type) => type.archived);

  return (
    <Section
      title={t("types.title")}
      description={t("types.description")}
      action={manage ? <Button onClick={() => setEditing("new")}>{t("types.add")}</Button> : null}
    >
      <DoneNotice text={notice} onDismiss={() => setNotice(null)} />
      {hasArchived ? (
        <Switch
          label={t("showArchived")}
          checked={showArchived}
          onChange={(event) => setShowArchived(event.currentTarget.checked)}
        />
      ) : null}
      {shown.length === 0 ? (
        <Text c="dimmed">{t("types.empty")}</Text>
      ) : (
        <ul className={classes.rows} aria-label={t("types.label")}>
          {shown.map((type) => (
            <li key={type.id} className={classes.row} data-archived={type.archived || undefined}>
              <div className={classes.rowMain}>
                <div className={classes.nameLine}>
                  <span className={classes.swatch} style={{ backgroundColor: type.color }} aria-hidden="true" />
                  <span className={classes.name}>{type.name}</span>
                  <Badge size="sm" variant="light" color={type.paid ? "teal" : "gray"}>
                    {type.paid ? t("types.paid") : t("types.unpaid")}
                  </Badge>
                  {type.archived ? (
                    <Badge size="sm" variant="outline" color="gray">
                      {t("archived")}
                    </Badge>
                  ) : null}
                </div>
              </div>
              {manage ? (
                <RowActions
                  actions={[
                    {
                      label: t("actions.edit"),
                      name: t("actions.editNamed", { name: type.name }),
                      onClick: () => setEditing(type),
                      tone: "edit",
                    },
                    {
                      label: type.archived ? t("actions.restore") : t("actions.archive"),
                      name: t(type.archived ? "actions.restoreNamed" : "actions.archiveNamed", { name: type.name }),
                      onClick: () => {
                        setFailure(null);
                        setConfirming(type);
                      },
                      tone: type.archived ? "quiet" : "danger",
                    },
                  ]}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}

      {manage ? (
        <>
          <PanelModal
            opened={editing !== null}
            title={editing === "new" ? t("types.form.createTitle") : t("types.form.editTitle")}
            onClose={() => setEditing(null)}
          >
            <TypeForm
              type={editing === "new" ? null : editing}
              initialValues={
                editing && editing !== "new" ? typeValuesFrom(editing) : emptyTypeValues(nextTypeColor(types))
              }
              onCancel={() => setEditing(null)}
              onSaved={(saved, created) => {
                setEditing(null);
                setNotice(t(created ? "types.notice.created" : "types.notice.saved", { name: isolate(saved.name) }));
                void refresh();
              }}
            />
          </PanelModal>
          <ConfirmDialog
            opened={confirming !== null}
            title={
              confirming
                ? t(confirming.archived ? "types.confirm.restoreTitle" : "types.confirm.archiveTitle", {
                    name: isolate(confirming.name),
                  })
                : ""
            }
            message={confirming?.archived ? t("types.confirm.restoreMessage") : t("types.confirm.archiveMessage")}
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

function TypeForm({
  type,
  initialValues,
  onCancel,
  onSaved,
}: {
  type: LeaveType | null;
  initialValues: TypeFormValues;
  onCancel(): void;
  onSaved(type: LeaveType, created: boolean): void;
}) {
  const { t } = useTranslation("timeOffSetup");
  const message = useFieldMessage();
  const form = useForm<TypeFormValues>({
    mode: "controlled",
    initialValues,
    validate: validateType,
    validateInputOnBlur: ["name"],
  });
  const { formRef, failure, pending, submit } = usePanelSave({
    form,
    save: (values: TypeFormValues) =>
      type ? updateLeaveType(type.id, typeBody(values)) : createLeaveType(typeBody(values)),
    fieldErrors: typeFieldErrors,
    logAs: "The leave type could not be saved",
    onSaved: (saved) => onSaved(saved, type === null),
  });
  const field = <K extends keyof TypeFormValues>(name: K) => {
    const props = form.getInputProps(name);
    return { ...props, error: message(props.error) };
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <TextInput
          label={t("types.form.name")}
          placeholder={t("types.form.namePlaceholder")}
          required
          maxLength={LEAVE_TYPE_NAME_MAX + 10}
          data-autofocus
          {...field("name")}
        />
        <PaletteColorInput
          label={t("types.form.color")}
          required
          {...field("color")}
          onChange={(value) => form.setFieldValue("color", value)}
        />
        <Switch
          label={t("types.form.paid")}
          description={t("types.form.paidHint")}
          {...form.getInputProps("paid", { type: "checkbox" })}
        />
        <FormButtons pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
