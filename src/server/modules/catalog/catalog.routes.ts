import type { FastifyInstance } from 'fastify';

/** Placeholder registered by app.ts; the prompts work (issue 3) fills it in. */
export async function catalogRoutes(_app: FastifyInstance) {}
