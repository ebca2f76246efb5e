import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { WeekResponse } from "@workshift/contracts";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DiscardChangesDialog } from "../../components/DiscardChangesDialog/DiscardChangesDialog.tsx";
import "./edit-styles.ts";
import { ShiftForm } from "./ShiftForm.tsx";
import type { ShiftDraft } from "./schedule-types.ts";

export interface ShiftEditorProps {
  week: WeekResponse;
  /** The shift or empty cell being edited; null when the editor is closed. */
  draft: ShiftDraft | null;
  /** Closed; `savedId` is the shift just saved (focus goes to it), none when closed without saving or deleted. */
  onClose(savedId?: string): void;
}

const draftKey = (draft: ShiftDraft) =>
  draft.shift
    ? `shift-${draft.shift.id}`
    : `new-${draft.boardId}-${draft.date}-${draft.userId}-${draft.jobId}-${draft.start ?? ""}`;

/**
 * Create or edit one shift (a modal; full screen on a phone). Closing with
 * unsaved edits (Escape, ×, Cancel) asks first. View-only managers and shifts
 * whose removal is pending get the same dialog, read-only.
 */
export function ShiftEditor({ week, draft, onClose }: ShiftEditorProps) {
  const { t } = useTranslation("scheduleEdit");
  const phone = useMediaQuery("(max-width: 47.99em)");
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  /** A question asked over the editor (delete?) has Escape to itself. */
  const [nested, setNested] = useState(false);

  const close = (savedId?: string) => {
    dirty.current = false;
    setAsking(false);
    onClose(savedId);
  };
  const requestClose = () => {
    // Asked after the Escape that got here has finished: every open Mantine modal hears Escape on
    // the window, and the question would otherwise hear the same key press and close at once.
    if (dirty.current) setTimeout(() => setAsking(true), 0);
    else close();
  };

  const shift = draft?.shift ?? null;
  const readOnly = !week.can_manage || shift?.status === "deleted";
  const title = shift ? (readOnly ? t("editor.viewTitle") : t("editor.editTitle")) : t("editor.createTitle");

  return (
    <>
      <Modal
        opened={draft !== null}
        onClose={requestClose}
        closeOnEscape={!asking && !nested}
        title={title}
        size="lg"
        fullScreen={phone}
        closeButtonProps={{ "aria-label": t("editor.close") }}
        // The board puts focus back itself: on the shift just saved, else on what opened the editor.
        returnFocus={false}
      >
        {draft ? (
          <ShiftForm
            key={draftKey(draft)}
            week={week}
            draft={draft}
            readOnly={readOnly}
            onDirtyChange={(value) => {
              dirty.current = value;
            }}
            onDone={close}
            onCancel={requestClose}
            onNestedDialog={setNested}
          />
        ) : null}
      </Modal>
      <DiscardChangesDialog
        opened={asking}
        message={t("discard.message")}
        onDiscard={() => close()}
        onStay={() => setAsking(false)}
      />
    </>
  );
}
