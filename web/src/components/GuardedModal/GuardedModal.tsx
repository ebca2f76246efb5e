import { Modal, type ModalProps } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { type ReactNode, useRef, useState } from "react";
import { DiscardChangesDialog } from "../DiscardChangesDialog/DiscardChangesDialog.tsx";

/** What the form inside is given: to say whether it holds unsaved changes, to ask to close, to say it saved. */
export interface GuardedModalControls {
  onDirtyChange(dirty: boolean): void;
  requestClose(): void;
  saved(): void;
}

interface GuardedModalProps {
  opened: boolean;
  onClose(): void;
  title: string;
  /** The close button's accessible name. */
  closeLabel: string;
  /** What the discard question says. */
  discardMessage: string;
  radius?: ModalProps["radius"];
  /** The form, mounted only while the modal is open (so it starts afresh each time). */
  children(controls: GuardedModalControls): ReactNode;
}

/**
 * A settings form in a modal (full screen on a phone) that asks before
 * throwing unsaved changes away: closing it (the close button, Escape, the
 * form's Cancel) with changes opens the discard question first.
 */
export function GuardedModal({
  opened,
  onClose,
  title,
  closeLabel,
  discardMessage,
  radius,
  children,
}: GuardedModalProps) {
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
  const controls: GuardedModalControls = {
    onDirtyChange: (value) => {
      dirty.current = value;
    },
    requestClose,
    saved: () => {
      dirty.current = false;
    },
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        closeOnEscape={!asking}
        title={title}
        size="lg"
        radius={radius}
        fullScreen={phone}
        closeButtonProps={{ "aria-label": closeLabel }}
      >
        {opened ? children(controls) : null}
      </Modal>
      <DiscardChangesDialog
        opened={asking}
        message={discardMessage}
        onDiscard={close}
        onStay={() => setAsking(false)}
      />
    </>
  );
}
