import { can, type User } from "@workshift/contracts";
import { useOutletContext } from "react-router";
import type { ToastKind } from "../../../components/Toasts/Toasts.tsx";

/** What /my's frame hands its sections: the person, and where they work. */
export interface MyContext {
  user: User;
  /** The organization they work in: a member who may clock in there (a platform ADMIN working in one is not). */
  organizationId: string;
  /** Whether they may ask (claims, cover, swaps, availability, corrections). */
  asks: boolean;
  /** A short message about what just happened, above the bottom bar. */
  toast(kind: ToastKind, text: string): void;
}

/**
 * Whether the person has shifts where they are signed in: a member of the
 * selected organization who may clock in there.
 */
export function worksHere(user: User): user is User & { organization_id: string } {
  return user.organization_id !== null && can(user, "my.clock");
}

export const useMy = () => useOutletContext<MyContext>();
