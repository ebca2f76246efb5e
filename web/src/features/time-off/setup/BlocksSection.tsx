import { Button, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TIME_OFF_BLOCK_REASON_MAX, type TimeOffSetupResponse } from "@workshift/contracts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DoneNotice } from "../../../components/AdminPage/DoneNotice.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog/ConfirmDialog.tsx";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import { useJobSchedulers } from "../../../lib/job-schedulers.ts";
import { useProblemText } from "../../../lib/problem-text.ts";
import { type BlockFormValues, blockBody, blockFieldErrors, ORGANIZATION_WIDE, validateBlock } from "./dates-form.ts";
import { FormButtons } from "./FormButtons.tsx";
import { PanelModal } from "./PanelModal.tsx";
import { RowActions } from "./RowActions.tsx";
import { Section } from "./Section.tsx";
import classes from "./Setup.module.css";
import { createBlock, deleteBlock, setupKeys } from "./setup-api.ts";
import { usePanelSave } from "./use-panel-save.ts";

type Block = TimeOffSetupResponse["blocks"][number];

/** Dates on which time off can't be asked: the whole company or one board, a range, a reason. */
export function BlocksSection({ blocks, manage }: { blocks: Block[]; manage: boolean }) {
  const { t, i18n } = useTranslation("timeOffSetup");
  const language = i18n.resolvedLanguage;
  const problemText = useProblemText();
  const queryClient = useQueryClient();
  const boards = useJobSchedulers();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Block | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: setupKeys.all });
  const remove = useMutation({
    mutationFn: (block: Block) => deleteBlock(block.id),
    onSuccess: async () => {
      setDeleting(null);
      setNotice(t("blocks.notice.deleted"));
      await refresh();
    },
    onError: (error) => setFailure(problemText(error, { logAs: "The blocked dates could not be deleted" })),
  });

  const format = useMemo(
    () => new Intl.DateTimeFormat(language, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
    [language],
  );
  const range = (block: Block) => {
    const from = new Date(`${block.starts_on}T00:00:00Z`);
    return block.starts_on === block.ends_on
      ? format.format(from)
      : format.formatRange(from, new Date(`${block.ends_on}T00:00:00Z`));
  };
  const boardName = (id: string | null) =>
    id === null ? t("blocks.wholeOrganization") : (boards.data?.find((board) => board.id === id)?.name ?? "…");
  const sorted = [...blocks].sort((a, b) => a.starts_on.localeCompare(b.starts_on));

  return (
    <Section
      title={t("blocks.title")}
      description={t("blocks.description")}
      action={manage ? <Button onClick={() => setAdding(true)}>{t("blocks.add")}</Button> : null}
    >
      <DoneNotice text={notice} onDismiss={() => setNotice(null)} />
      {sorted.length === 0 ? (
        <Text c="dimmed">{t("blocks.empty")}</Text>
      ) : (
        <ul className={classes.rows} aria-label={t("blocks.label")}>
          {sorted.map((block) => (
            <li key={block.id} className={classes.row}>
              <div className={classes.rowMain}>
                <span className={classes.name}>{block.reason}</span>
                <Text size="sm" c="dimmed">
                  <bdi>{range(block)}</bdi> · <bdi>{boardName(block.board_id)}</bdi>
                </Text>
              </div>
              {manage ? (
                <RowActions
                  actions={[
                    {
                      label: t("actions.delete"),
                      name: t("blocks.deleteNamed", { reason: block.reason }),
                      onClick: () => {
                        setFailure(null);
                        setDeleting(block);
                      },
                      tone: "danger",
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
          <PanelModal opened={adding} title={t("blocks.form.title")} onClose={() => setAdding(false)}>
            <BlockForm
              boards={(boards.data ?? []).filter((board) => !board.is_archived)}
              onCancel={() => setAdding(false)}
              onSaved={() => {
                setAdding(false);
                setNotice(t("blocks.notice.added"));
                void refresh();
              }}
            />
          </PanelModal>
          <ConfirmDialog
            opened={deleting !== null}
            title={t("blocks.confirm.deleteTitle")}
            message={t("blocks.confirm.deleteMessage")}
            confirmLabel={t("actions.delete")}
            cancelLabel={t("actions.cancel")}
            danger
            loading={remove.isPending}
            failure={failure}
            onConfirm={() => deleting && remove.mutate(deleting)}
            onCancel={() => setDeleting(null)}
          />
        </>
      ) : null}
    </Section>
  );
}

function BlockForm({
  boards,
  onCancel,
  onSaved,
}: {
  boards: { id: string; name: string }[];
  onCancel(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation("timeOffSetup");
  const message = useFieldMessage();
  const form = useForm<BlockFormValues>({
    mode: "controlled",
    initialValues: { board_id: ORGANIZATION_WIDE, starts_on: "", ends_on: "", reason: "" },
    validate: validateBlock,
  });
  const { formRef, failure, pending, submit } = usePanelSave({
    form,
    save: (values: BlockFormValues) => createBlock(blockBody(values)),
    fieldErrors: blockFieldErrors,
    logAs: "The dates could not be blocked",
    onSaved,
  });
  const field = <K extends keyof BlockFormValues>(name: K) => {
    const props = form.getInputProps(name);
    return { ...props, error: message(props.error) };
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Select
          label={t("blocks.form.scope")}
          data={[
            { value: ORGANIZATION_WIDE, label: t("blocks.wholeOrganization") },
            ...boards.map((board) => ({ value: board.id, label: board.name })),
          ]}
          allowDeselect={false}
          {...field("board_id")}
          onChange={(value) => value && form.setFieldValue("board_id", value)}
        />
        <div className={classes.pair}>
          <TextInput type="date" label={t("blocks.form.from")} required data-autofocus {...field("starts_on")} />
          <TextInput type="date" label={t("blocks.form.to")} required {...field("ends_on")} />
        </div>
        <TextInput
          label={t("blocks.form.reason")}
          placeholder={t("blocks.form.reasonPlaceholder")}
          required
          maxLength={TIME_OFF_BLOCK_REASON_MAX + 10}
          {...field("reason")}
        />
        <FormButtons pending={pending} submitLabel={t("blocks.add")} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
