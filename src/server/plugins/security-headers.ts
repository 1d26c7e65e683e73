import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Browser features the app never uses are switched off for its pages and anything they embed; the
 * clipboard stays writable by the app itself, which copies prompts.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'clipboard-write=(self)',
].join(', ');

/** The JSON API and the MCP endpoint: answers that carry people's data. */
const isApi = (url: string) => /^\/(api|mcp)([/?]|$)/.test(url);

/** Headers of every API answer besides helmet's (which it writes on the raw response itself). */
const API_ANSWER_HEADERS: Readonly<Record<string, string>> = { 'Permissions-Policy': PERMISSIONS_POLICY, 'Cache-Control': 'no-store' };

/**
 * For a route that writes its answer itself (a hijacked reply, as the MCP transport does): Fastify's
 * onSend hooks never run for it, so the API headers go straight onto the raw response.
 */
export function writeApiAnswerHeaders(raw: { setHeader(name: string, value: string): unknown }): void {
  for (const [name, value] of Object.entries(API_ANSWER_HEADERS)) raw.setHeader(name, value);
}

/**
 * Helmet's headers with a Content Security Policy that allows only the app's own scripts, styles,
 * fonts and connections (the built client loads nothing from elsewhere), the Permissions-Policy above,
 * and `Cache-Control: no-store` on every API answer: they carry session tokens and people's data, and
 * no browser or proxy should keep them, errors and 404s included.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        // Radix's dialogs, menus and selects lock page scrolling by adding a <style> element whose text
        // depends on the scrollbar's width (react-remove-scroll), so no hash can name it; without this
        // Chromium blocks it and logs a violation. Style attributes stay blocked: React sets styles
        // through the CSSOM, which CSP does not govern.
        styleSrcElem: ["'self'", "'unsafe-inline'"],
        styleSrcAttr: ["'none'"],
        // No upgrade-insecure-requests: over plain HTTP on a LAN address Chromium would rewrite assets
        // to https and show a blank page.
      },
    },
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (isApi(request.url)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
