import type { ComponentType } from "react";
import { loadNamespaces } from "../i18n/i18n.ts";
import type { Namespace } from "../i18n/namespaces.ts";

/**
 * A route's `lazy`: fetches the page's chunk and its translation namespaces in
 * parallel, so the router only shows the page once both are there (no flash
 * of untranslated keys, no suspense spinner after navigation).
 */
export function lazyRoute(load: () => Promise<ComponentType>, namespaces: readonly Namespace[] = []) {
  return async () => {
    const [Component] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component };
  };
}
