import { PointerSensor, type PointerSensorOptions } from "@dnd-kit/core";
import type { PointerEvent as ReactPointerEvent } from "react";

/**
 * The mouse and pen pick a card up after a few pixels of movement; a finger
 * is left to the TouchSensor (a long press), so swiping over cards still
 * scrolls the board on a phone.
 */
export class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: "onPointerDown" as const,
      handler: ({ nativeEvent: event }: ReactPointerEvent, { onActivation }: PointerSensorOptions) => {
        if (!event.isPrimary || event.button !== 0 || event.pointerType === "touch") return false;
        onActivation?.({ event });
        return true;
      },
    },
  ];
}

/** Pixels the mouse must move before a press becomes a drag (a click stays a click). */
export const DRAG_DISTANCE = 6;
/** A finger must rest this long on a card to pick it up. */
export const TOUCH_DELAY_MS = 250;
export const TOUCH_TOLERANCE = 8;
