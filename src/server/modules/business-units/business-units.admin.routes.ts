import type { FastifyInstance } from 'fastify';

/** Placeholder registered by app.ts; the administration work (issue 4) fills it in. */
export async function adminBusinessUnitRoutes(_app: FastifyInstance) {}
