import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { TimesheetResponse } from "@workshift/contracts";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DiscardChangesDialog } from "../../components/DiscardChangesDialog/DiscardChangesDialog.tsx";
import { formatDay } from "./clock-format.ts";
import { EntryForm } from "./EntryForm.tsx";
import { dayOf, type EntryEditorTarget, targetKey } from "./entry-target.ts";
import { isolate, personName } from "./live-status.ts";

/**
 * Correct an entry, or add one for a forgotten day (a modal; full screen on
 * a phone): clock-in and clock-out, breaks, job, note, and the reason the
 * history keeps. A correction sends the version it was read at and only
 * what changed; if someone saved first, the current version is shown and the
 * manager's own changes are kept. Closing with unsaved changes asks first.
 */
export function EntryEditor({
  target,
  sheet,
  onClose,
  onSaved,
}: {
  target: EntryEditorTarget | null;
  sheet: TimesheetResponse;
  onClose(): void;
  onSaved(created: boolean): void;
}) {
  const { t, i18n } = useTranslation("timeClock");
  const phone = useMediaQuery("(max-width: 47.99em)");
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);

  const close = () => {
    dirty.current = false;
    setAsking(false);
    onClose();
  };
  const requestClose = () => {
    // Asked after the Escape that got here has finished (every open modal hears it on the window).
    if (dirty.current) setTimeout(() => setAsking(true), 0);
    else close();
  };

  const name = target ? isolate(personName(target.person) || t("unnamed")) : "";
  const title = !target
    ? ""
    : target.kind === "edit"
      ? t("editor.editTitle", { name, day: formatDay(dayOf(target.entry, sheet), i18n.resolvedLanguage) })
      : t("editor.createTitle", { name });

  return (
    <>
      <Modal
        opened={target !== null}
        onClose={requestClose}
        closeOnEscape={!asking}
        title={title}
        size="lg"
        fullScreen={phone}
        closeButtonProps={{ "aria-label": t("editor.close") }}
      >
        {target ? (
          <EntryForm
            key={targetKey(target)}
            target={target}
            sheet={sheet}
            onDirtyChange={(value) => {
              dirty.current = value;
            }}
            onCancel={requestClose}
            onSaved={(created) => {
              dirty.current = false;
              onSaved(created);
            }}
          />
        ) : null}
      </Modal>
      <DiscardChangesDialog
        opened={asking}
        message={t("discard.message")}
        onDiscard={close}
        onStay={() => setAsking(false)}
      />
    </>
  );
}
