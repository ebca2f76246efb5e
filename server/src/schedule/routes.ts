import {
  boardScopeParamsSchema,
  bulkResultSchema,
  can,
  monthQuerySchema,
  monthResponseSchema,
  scheduleRulesResponseSchema,
  scheduleRulesUpdateSchema,
  shiftBulkSchema,
  shiftCheckResponseSchema,
  shiftCheckSchema,
  shiftConflictBodySchema,
  shiftCreateSchema,
  shiftDeleteQuerySchema,
  shiftParamsSchema,
  shiftResponseSchema,
  shiftRestoreSchema,
  shiftsResponseSchema,
  shiftUpdateSchema,
  weekQuerySchema,
  weekWireSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { inTenant, inTenantRead } from "../lib/access/in-tenant.ts";
import { loadMonth } from "./month.ts";
import { scheduleRefusals, scheduleSecurity, scheduleTags } from "./route-docs.ts";
import { updateRules } from "./rules.ts";
import { scheduleScope } from "./scope.ts";
import { bulkDeleteShifts, checkShift, createShifts, deleteShift, restoreShift, updateShift } from "./shifts.ts";
import { loadWeekJson } from "./week.ts";

const refusals = scheduleRefusals;
/** Writes of one shift answer 409 with the shift at stake (shift_changed) or the one in the way (shift_overlap). */
const shiftRefusals = { ...refusals, 409: shiftConflictBodySchema };
const security = scheduleSecurity;
const tags = scheduleTags;

/**
 * The schedule board: the week and the month of a board or of all boards
 * (schedule.view), and the shifts' writes and the board's rules
 * (schedule.manage). Publishing, copying, templates, export and live events
 * have their own route files.
 */
export async function scheduleRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/schedule/boards/:board/week",
    {
      config: { access: "schedule.view", compressAnswers: true },
      schema: {
        tags,
        security,
        summary: "A board's week (or every board's, `all`): shifts, people, jobs, and the people's shifts around it",
        params: boardScopeParamsSchema,
        querystring: weekQuerySchema,
        response: { 200: weekWireSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const json = await inTenant(request, async (tx, actor) => {
        const scope = await scheduleScope(tx, actor.organizationId, request.params.board);
        return loadWeekJson(tx, actor.organizationId, scope, request.query.date, can(actor, "schedule.manage"));
      });
      // Already JSON (thousands of shifts written by PostgreSQL, week.ts): a string is sent as it is,
      // past the schema's serializer; week.api.test.ts checks the answer against the schema.
      return reply.type("application/json; charset=utf-8").send(json as never);
    },
  );

  api.get(
    "/api/schedule/boards/:board/month",
    {
      config: { access: "schedule.view", compressAnswers: true },
      schema: {
        tags,
        security,
        summary: "A board's month (or every board's, `all`), summed per day in its zone",
        params: boardScopeParamsSchema,
        querystring: monthQuerySchema,
        response: { 200: monthResponseSchema, ...refusals },
      },
    },
    async (request) => {
      return inTenantRead(request, async (tx, actor) => {
        const scope = await scheduleScope(tx, actor.organizationId, request.params.board);
        return loadMonth(tx, actor.organizationId, scope, request.query.month);
      });
    },
  );

  api.patch(
    "/api/schedule/boards/:board/rules",
    {
      config: { access: "schedule.manage" },
      schema: {
        tags,
        security,
        summary: "Change a board's scheduling rules (minimum rest, daily and weekly limits); warnings only",
        params: boardScopeParamsSchema,
        body: scheduleRulesUpdateSchema,
        response: { 200: scheduleRulesResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const rules = await inTenant(request, (tx, actor) => updateRules(tx, actor, request.params.board, request.body));
      return { rules };
    },
  );

  api.post(
    "/api/schedule/shifts",
    {
      config: { access: "schedule.manage" },
      schema: {
        tags,
        security,
        summary: "Create a shift, or repeat it on chosen weekdays until a date (all or nothing), as a draft",
        body: shiftCreateSchema,
        response: { 201: shiftsResponseSchema, ...shiftRefusals },
      },
    },
    async (request, reply) => {
      const answer = await inTenant(request, (tx, actor) => createShifts(tx, actor, request.body));
      return reply.status(201).send(answer);
    },
  );

  api.post(
    "/api/schedule/shifts/check",
    {
      config: { access: "schedule.manage" },
      schema: {
        tags,
        security,
        summary: "What saving a shift would meet (the shift it would overlap, the warnings), without saving",
        body: shiftCheckSchema,
        response: { 200: shiftCheckResponseSchema, ...refusals },
      },
    },
    async (request) => {
      return inTenant(request, (tx, actor) => checkShift(tx, actor, request.body));
    },
  );

  api.post(
    "/api/schedule/shifts/bulk-delete",
    {
      config: { access: "schedule.manage" },
      schema: {
        tags,
        security,
        summary: "Delete chosen shifts, all or nothing (published ones wait for the next publish)",
        body: shiftBulkSchema,
        response: { 200: bulkResultSchema, ...refusals },
      },
    },
    async (request) => {
      return inTenant(request, (tx, actor) => bulkDeleteShifts(tx, actor, request.body.ids));
    },
  );

  api.patch(
    "/api/schedule/shifts/:id",
    {
      config: { access: "schedule.manage" },
      schema: {
        tags,
        security,
        summary: "Edit or move a shift, naming the version seen (409 shift_changed with the current one)",
        params: shiftParamsSchema,
        body: shiftUpdateSchema,
        response: { 200: shiftResponseSchema, ...shiftRefusals },
      },
    },
    async (request) => {
      return inTenant(request, (tx, actor) =>
        updateShift(tx, actor, request.params.id, request.body, { leavePolicy: true }),
      );
    },
  );

  api.delete(
    "/api/schedule/shifts/:id",
    {
      config: { access: "schedule.manage" },
      schema: {
        tags,
        security,
        summary: "Delete a shift: a draft goes; a published one waits for the next publish",
        params: shiftParamsSchema,
        querystring: shiftDeleteQuerySchema,
        response: { 204: z.null().describe("Deleted, or waiting for the next publish"), ...shiftRefusals },
      },
    },
    async (request, reply) => {
      await inTenant(request, (tx, actor) => deleteShift(tx, actor, request.params.id, request.query.version));
      return reply.status(204).send(null);
    },
  );

  api.post(
    "/api/schedule/shifts/:id/restore",
    {
      config: { access: "schedule.manage" },
      schema: {
        tags,
        security,
        summary:
          "Take back the removal of a published shift still waiting for the next publish (409 shift_changed when it is not, or the version is stale)",
        params: shiftParamsSchema,
        body: shiftRestoreSchema,
        response: { 200: shiftResponseSchema, ...shiftRefusals },
      },
    },
    async (request) => {
      return inTenant(request, (tx, actor) => restoreShift(tx, actor, request.params.id, request.body.version));
    },
  );
}
