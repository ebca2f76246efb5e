import { type Action, actions } from "@workshift/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { authenticate, requireLiveSession } from "../../auth/authenticate.ts";

/**
 * What a route needs, declared once in its options (`config: { access }`):
 * - "public": nothing (signing in, invitation links, calendar feeds, health);
 * - "signed-in": a valid access token, in no organization in particular;
 * - an action of the access table: a member (or the platform admin) of the
 *   token's organization who may do it, checked by `inTenant` inside the
 *   transaction that does the work.
 * The API document shows it as `x-access` on every operation, and the access
 * matrix test reads it from there.
 */
export type RouteAccess = "public" | "signed-in" | Action;

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

const tenantActions: ReadonlySet<string> = new Set(actions);

export function isTenantAccess(access: RouteAccess | undefined): access is Action {
  return access !== undefined && tenantActions.has(access);
}

const isApiRoute = (url: string) => url.startsWith("/api/") && !url.startsWith("/api/docs");

/** The request's route access (after the route was declared through installRouteAccess). */
export function routeAccessOf(request: FastifyRequest): RouteAccess | undefined {
  return request.routeOptions.config.access;
}

/** Accepts any input as it is: a tenant route validates it in `inTenant`, after authorizing. */
const acceptAsIs = () => (data: unknown) => ({ value: data });

const checked = Symbol("tenant-checked");
type Checked = { [checked]?: true };

/** Marks the request as having gone through `inTenant` (authorized and validated). */
export function markTenantChecked(request: FastifyRequest): void {
  (request as FastifyRequest & Checked)[checked] = true;
}

/**
 * Every API route must declare its access (a route without one fails at
 * start-up). Routes other than "public" get the token check, and the check
 * that the token's session is live ("signed-in" routes here, tenant routes in
 * `inTenant`'s transaction, with the membership); tenant routes leave
 * validation to `inTenant`, so who may not do something hears 403
 * whatever they sent, and the route's handler must go through `inTenant`
 * (one that answers without it fails loudly instead of answering unchecked).
 */
export function installRouteAccess(app: FastifyInstance, accessKey: Uint8Array): void {
  const requireToken = authenticate(accessKey);
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!isApiRoute(route.url)) return;
    const access = route.config?.access;
    if (access === undefined) throw new Error(`${route.method} ${route.url} declares no access (config.access)`);
    if (access === "public") return;
    // First of the route's work, before its body is even read: a caller without a live
    // session learns nothing about what the route accepts.
    if (!isTenantAccess(access)) {
      route.onRequest = [...toArray(route.onRequest), requireToken, requireLiveSession];
      return;
    }
    route.onRequest = [...toArray(route.onRequest), requireToken];
    route.validatorCompiler = acceptAsIs;
    route.onSend = [...toArray(route.onSend), refuseUnchecked(`${route.method} ${route.url}`)];
  });
}

/** Fails a successful answer of a tenant route whose handler never went through `inTenant`. */
function refuseUnchecked(name: string) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 400 && !(request as FastifyRequest & Checked)[checked]) {
      throw new Error(`${name} answered without inTenant`);
    }
    return payload;
  };
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
