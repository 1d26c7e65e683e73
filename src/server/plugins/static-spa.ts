import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../shared/error-body';
import { PROJECT_ROOT } from '../lib/project-root';

export const WEB_DIST_DIR = path.join(PROJECT_ROOT, 'dist/web');

/**
 * Serves the built client. Any GET outside /api/ that asks for HTML gets index.html so client-side
 * routes survive a reload; a missing asset or an unknown API route stays a JSON 404.
 */
export async function registerStaticSpa(app: FastifyInstance, distDir = WEB_DIST_DIR): Promise<void> {
  const hasClient = existsSync(path.join(distDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Hashed file names never change content; everything else is revalidated.
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A client-side route: asked for as HTML, or any path without a file extension (curl sends */*).
    const wantsPage =
      request.method === 'GET' && !pathname.startsWith('/api/') && ((request.headers.accept ?? '').includes('text/html') || !/\.[a-z0-9]+$/i.test(pathname));
    if (wantsPage && hasClient) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    if (wantsPage) {
      return reply
        .status(503)
        .type('text/html')
        .send('<!doctype html><title>AI Prompts Database</title><p>The web client is not built yet. Run <code>npm run build</code>.</p>');
    }
    return reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'route_not_found' } satisfies ErrorBody);
  });
}
