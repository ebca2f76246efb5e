import { ActionIcon, Button, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconPlus, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useFieldMessage } from "../../i18n/use-field-message.ts";
import type { EntryFormValues } from "./entry-form.ts";
import classes from "./TimeClock.module.css";

const BREAKS_MAX = 20;

/** The entry's breaks, each a start and an end, added and removed in place. */
export function EntryBreaksField({
  form,
  field,
}: {
  form: UseFormReturnType<EntryFormValues>;
  /** An input's props, its error in words. */
  field(name: string): ReturnType<UseFormReturnType<EntryFormValues>["getInputProps"]>;
}) {
  const { t } = useTranslation("timeClock");
  const message = useFieldMessage();
  const breaks = form.values.breaks;
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{t("editor.breaks")}</legend>
      {breaks.length === 0 ? (
        <Text size="sm" c="dimmed" mb="xs">
          {t("editor.noBreaks")}
        </Text>
      ) : null}
      <Stack gap="xs">
        {breaks.map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: breaks are edited in place by their position
          <div key={index} className={classes.breakRow}>
            <TextInput
              type="time"
              label={t("editor.breakStart", { number: index + 1 })}
              {...field(`breaks.${index}.start`)}
            />
            <TextInput
              type="time"
              label={t("editor.breakEnd", { number: index + 1 })}
              {...field(`breaks.${index}.end`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              className={classes.breakRemove}
              aria-label={t("editor.removeBreak", { number: index + 1 })}
              onClick={() => form.removeListItem("breaks", index)}
            >
              <IconX size={16} stroke={1.75} aria-hidden="true" />
            </ActionIcon>
          </div>
        ))}
      </Stack>
      {breaks.length < BREAKS_MAX ? (
        <Button
          variant="subtle"
          size="xs"
          mt="xs"
          leftSection={<IconPlus size={14} stroke={2} aria-hidden="true" />}
          onClick={() => form.insertListItem("breaks", { start: "12:00", end: "12:30" })}
        >
          {t("editor.addBreak")}
        </Button>
      ) : null}
      {form.errors.breaks ? (
        <Text size="sm" c="red" role="alert">
          {message(form.errors.breaks)}
        </Text>
      ) : null}
    </fieldset>
  );
}
