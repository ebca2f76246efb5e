import { NumberInput, SegmentedControl, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { LEAVE_MINUTES_MAX, type LedgerResponse, TIME_OFF_REASON_MAX } from "@workshift/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/ErrorAlert/ErrorAlert.tsx";
import { useFieldMessage } from "../../../i18n/use-field-message.ts";
import { FormButtons } from "../setup/FormButtons.tsx";
import { usePanelSave } from "../setup/use-panel-save.ts";
import {
  type AdjustFormValues,
  adjustBody,
  adjustFieldErrors,
  emptyAdjustValues,
  validateAdjust,
} from "./adjust-form.ts";
import classes from "./Balances.module.css";
import { adjustBalance } from "./balances-api.ts";

/** Today in the reader's zone, as an ISO day. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** "Adjust balance": hours added or taken away from a day on, with a reason kept in the history. */
export function AdjustForm({
  userId,
  leaveTypeId,
  onCancel,
  onSaved,
}: {
  userId: string;
  leaveTypeId: string;
  onCancel(): void;
  onSaved(ledger: LedgerResponse): void;
}) {
  const { t } = useTranslation("timeOffSetup");
  const message = useFieldMessage();
  const directionId = useId();
  const form = useForm<AdjustFormValues>({
    mode: "controlled",
    initialValues: emptyAdjustValues(today()),
    validate: validateAdjust,
  });
  const { formRef, failure, pending, submit } = usePanelSave({
    form,
    save: (values: AdjustFormValues) => adjustBalance(adjustBody(values, userId, leaveTypeId)),
    fieldErrors: adjustFieldErrors,
    logAs: "The balance could not be adjusted",
    onSaved,
  });
  const field = <K extends keyof AdjustFormValues>(name: K) => {
    const props = form.getInputProps(name);
    return { ...props, error: message(props.error) };
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <div>
          <Text size="sm" fw={500} id={directionId} mb={4}>
            {t("adjust.direction")}
          </Text>
          <SegmentedControl
            aria-labelledby={directionId}
            fullWidth
            data={[
              { value: "add", label: t("adjust.add") },
              { value: "take", label: t("adjust.take") },
            ]}
            value={form.values.direction}
            onChange={(value) => form.setFieldValue("direction", value as AdjustFormValues["direction"])}
          />
        </div>
        <div className={classes.pair}>
          <NumberInput
            label={t("adjust.hours")}
            required
            min={0}
            max={LEAVE_MINUTES_MAX / 60}
            decimalScale={2}
            allowNegative={false}
            inputMode="decimal"
            data-autofocus
            {...field("hours")}
          />
          <TextInput type="date" label={t("adjust.date")} required {...field("effective_on")} />
        </div>
        <Textarea
          label={t("adjust.reason")}
          description={t("adjust.reasonHint")}
          required
          autosize
          minRows={2}
          maxRows={5}
          maxLength={TIME_OFF_REASON_MAX}
          {...field("reason")}
        />
        <FormButtons pending={pending} submitLabel={t("adjust.submit")} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
