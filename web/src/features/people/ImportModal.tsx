import { Alert, Anchor, Button, FileButton, Group, Modal, ScrollArea, Stack, Switch, Table, Text } from "@mantine/core";
import { IconCircleCheck, IconDownload, IconFileSpreadsheet } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ImportPreview, type ImportRow, importColumns } from "@workshift/contracts";
import { type DragEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/ErrorAlert/ErrorAlert.tsx";
import { LoadingDots } from "../../components/LoadingDots/LoadingDots.tsx";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import { apiErrorBody, apiFieldErrors } from "../../lib/api-error.ts";
import { downloadFile } from "../../lib/download-file.ts";
import { problemCodeOf } from "../../lib/problem-text.ts";
import {
  type CsvFileProblem,
  csvFileProblem,
  csvTemplate,
  csvTextForUpload,
  csvTextProblem,
  TEMPLATE_FILE_NAME,
} from "./csv.ts";
import classes from "./Forms.module.css";
import { canImport, hasProblems, previewFromErrorBody, previewRows } from "./import-preview.ts";
import { ProblemAlert } from "./ProblemAlert.tsx";
import { importPeople, peopleKeys, previewImport } from "./people-api.ts";

interface ImportModalProps {
  opened: boolean;
  onClose(): void;
  onImported(count: number): void;
}

/** Import many people from a CSV file: choose, preview with every problem shown, then import all or nothing. */
export function ImportModal({ opened, onClose, onImported }: ImportModalProps) {
  const { t } = useTranslation("people");
  const [session, setSession] = useState(0);
  useEffect(() => {
    if (opened) setSession((value) => value + 1);
  }, [opened]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("import.title")}
      size="xl"
      radius="lg"
      closeButtonProps={{ "aria-label": t("dialog.close") }}
    >
      <ImportFlow key={session} onCancel={onClose} onImported={onImported} />
    </Modal>
  );
}

/** Offers the template as a file download, made in the browser. */
function downloadTemplate() {
  downloadFile(new Blob([csvTemplate()], { type: "text/csv;charset=utf-8" }), TEMPLATE_FILE_NAME);
}

function ImportFlow({ onCancel, onImported }: { onCancel(): void; onImported(count: number): void }) {
  const { t } = useTranslation(["people", "validation"]);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [fileProblem, setFileProblem] = useState<CsvFileProblem | "unreadable" | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<unknown>(null);

  const check = useMutation({ mutationFn: previewImport });
  const save = useMutation({ mutationFn: importPeople });

  const reset = () => {
    setFile(null);
    setPreview(null);
    setProblem(null);
    setFileProblem(null);
  };

  const sendForPreview = async (csv: string) => {
    setProblem(null);
    try {
      setPreview(await check.mutateAsync(csv));
    } catch (error) {
      const fields = apiFieldErrors(error);
      const fileMessage = fields.csv;
      setPreview(fileMessage ? { rows: [], valid: 0, invalid: 0, file_errors: [fileMessage] } : null);
      if (!fileMessage) setProblem(error);
    }
  };

  const choose = async (chosen: File | null) => {
    if (!chosen) return;
    reset();
    const early = csvFileProblem(chosen);
    if (early) {
      setFileProblem(early);
      return;
    }
    let text: string;
    try {
      text = csvTextForUpload(await chosen.text());
    } catch (error) {
      console.warn("The CSV file could not be read", error);
      setFileProblem("unreadable");
      return;
    }
    const late = csvTextProblem(text);
    if (late) {
      setFileProblem(late);
      return;
    }
    setFile({ name: chosen.name, csv: text });
    await sendForPreview(text);
  };

  const runImport = async () => {
    if (!file || save.isPending) return;
    setProblem(null);
    try {
      const count = await save.mutateAsync(file.csv);
      await queryClient.invalidateQueries({ queryKey: peopleKeys.lists() });
      onImported(count);
    } catch (error) {
      // The server checked again and refused (someone else changed the team meanwhile): its preview says why.
      const refused =
        problemCodeOf(error) === "people_import_invalid" ? previewFromErrorBody(apiErrorBody(error)) : null;
      if (refused) setPreview(refused);
      else setProblem(error);
    }
  };

  if (check.isPending) {
    return (
      <Stack align="center" gap="sm" py="xl">
        <LoadingDots />
        <Text c="dimmed">{t("import.checking", { name: file?.name ?? "" })}</Text>
      </Stack>
    );
  }

  if (file && preview) {
    return (
      <PreviewStep
        fileName={file.name}
        preview={preview}
        problem={problem}
        importing={save.isPending}
        onImport={() => void runImport()}
        onAnother={reset}
        onCancel={onCancel}
      />
    );
  }

  return (
    <Stack gap="md">
      <Text>{t("import.intro")}</Text>
      <div>
        <Text size="sm" fw={500} mb={6}>
          {t("import.columnsLabel")}
        </Text>
        <ul className={classes.columns} aria-label={t("import.columnsLabel")}>
          {importColumns.map((column) => (
            <li key={column}>
              <code>{column}</code>
            </li>
          ))}
        </ul>
        <Text size="sm" c="dimmed" mt={6}>
          {t("import.columnsHint")}
        </Text>
      </div>
      <div>
        <Anchor component="button" type="button" onClick={downloadTemplate} fw={600} size="sm">
          <Group gap={6} component="span">
            <IconDownload size={16} stroke={1.75} aria-hidden="true" />
            {t("import.template")}
          </Group>
        </Anchor>
      </div>
      <DropArea onFile={(chosen) => void choose(chosen)} />
      {fileProblem ? <ErrorAlert>{t(`import.fileProblems.${fileProblem}`)}</ErrorAlert> : null}
      {problem ? <ProblemAlert error={problem} /> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t("actions.cancel")}
        </Button>
      </Group>
    </Stack>
  );
}

/** Drop a file here, or choose one with the button (the keyboard's and screen readers' way in). */
function DropArea({ onFile }: { onFile(file: File | null): void }) {
  const { t } = useTranslation("people");
  const [over, setOver] = useState(false);
  const hintId = useId();
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFile(event.dataTransfer.files[0] ?? null);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the button inside is the accessible way
    <div
      className={classes.drop}
      data-over={over || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <IconFileSpreadsheet size={36} stroke={1.5} aria-hidden="true" className={classes.dropIcon} />
      <Text fw={600}>{t("import.dropTitle")}</Text>
      <Text size="sm" c="dimmed" id={hintId}>
        {t("import.dropHint")}
      </Text>
      <FileButton onChange={onFile} accept=".csv,text/csv">
        {(props) => (
          <Button {...props} variant="default" mt="xs" aria-describedby={hintId}>
            {t("import.choose")}
          </Button>
        )}
      </FileButton>
    </div>
  );
}

interface PreviewStepProps {
  fileName: string;
  preview: ImportPreview;
  /** Why the import failed, if it did (a failed request). */
  problem: unknown;
  importing: boolean;
  onImport(): void;
  onAnother(): void;
  onCancel(): void;
}

function PreviewStep({ fileName, preview, problem, importing, onImport, onAnother, onCancel }: PreviewStepProps) {
  const { t } = useTranslation(["people", "validation"]);
  const message = useFieldMessage();
  const ready = canImport(preview);
  const [onlyProblems, setOnlyProblems] = useState(preview.invalid > 0);
  const { rows, hidden } = previewRows(preview, onlyProblems);
  const captionId = useId();

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("import.fileName", { name: fileName })}
      </Text>
      {preview.file_errors.length > 0 ? (
        <ErrorAlert title={t("import.fileProblemTitle")}>
          {preview.file_errors.map((key) => (
            <div key={key}>{message(key)}</div>
          ))}
        </ErrorAlert>
      ) : preview.invalid > 0 ? (
        <ErrorAlert title={t("import.rowsWithProblems", { count: preview.invalid })}>
          {t("import.fixAndUpload")}
        </ErrorAlert>
      ) : ready ? (
        <Alert
          variant="light"
          color="green"
          role="status"
          icon={<IconCircleCheck size={20} stroke={1.75} aria-hidden="true" />}
        >
          {t("import.allGood", { count: preview.valid })}
        </Alert>
      ) : null}

      {preview.rows.length > 0 ? (
        <>
          {preview.invalid > 0 && preview.valid > 0 ? (
            <Switch
              checked={onlyProblems}
              onChange={(event) => setOnlyProblems(event.currentTarget.checked)}
              label={t("import.onlyProblems")}
            />
          ) : null}
          <ScrollArea className={classes.previewScroll} type="auto" offsetScrollbars>
            <Table
              striped
              highlightOnHover
              withColumnBorders
              className={classes.previewTable}
              aria-describedby={captionId}
              stickyHeader
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("import.line")}</Table.Th>
                  {importColumns.map((column) => (
                    <Table.Th key={column} scope="col">
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <PreviewRow key={row.line} row={row} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Text size="xs" c="dimmed" id={captionId}>
            {hidden > 0 ? `${t("import.moreRows", { count: hidden })} ` : ""}
            {preview.invalid > 0 ? t("import.tableCaption") : ""}
          </Text>
        </>
      ) : null}

      {problem ? <ProblemAlert error={problem} /> : null}

      <Group justify="space-between" gap="sm">
        <Button variant="subtle" onClick={onAnother}>
          {t("import.another")}
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t("actions.cancel")}
          </Button>
          {ready ? (
            <Button onClick={onImport} loading={importing}>
              {t("import.submit", { count: preview.valid })}
            </Button>
          ) : null}
        </Group>
      </Group>
    </Stack>
  );
}

/** One row: each cell as the server read it, a cell with a problem highlighted with its message under it. */
function PreviewRow({ row }: { row: ImportRow }) {
  const message = useFieldMessage();
  const bad = hasProblems(row);
  const cell = (column: (typeof importColumns)[number]): string => {
    const value = row[column];
    if (Array.isArray(value)) return value.join("; ");
    return value === null || value === undefined ? "" : String(value);
  };
  // Problems not about one column (a person listed twice in the file…) go with the line number.
  const other = Object.entries(row.errors).filter(([key]) => !(importColumns as readonly string[]).includes(key));
  return (
    <Table.Tr className={bad ? classes.rowBad : undefined}>
      <Table.Td className={other.length > 0 ? classes.cellBad : undefined}>
        {row.line}
        {other.map(([key, error]) => (
          <span key={key} className={classes.cellError}>
            {message(error)}
          </span>
        ))}
      </Table.Td>
      {importColumns.map((column) => {
        const error = row.errors[column];
        return (
          <Table.Td key={column} className={error ? classes.cellBad : undefined}>
            <bdi>{cell(column)}</bdi>
            {error ? <span className={classes.cellError}>{message(error)}</span> : null}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}
