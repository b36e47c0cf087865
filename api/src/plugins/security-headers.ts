import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { contentSecurityPolicy, inlineScriptHashes } from '../web/content-security-policy';

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Nothing of ours is meant to be framed; refusing it rules out clickjacking the sign-in forms.
  'x-frame-options': 'DENY',
  // Powerful features the app never uses stay off, for any script that gets in too.
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/** The policy follows the shell page it serves: a new build brings new inline scripts. */
export interface ContentSecurityPolicyHolder {
  /** The shell page as it is now served; its inline scripts are allowed by hash. */
  useShellPage(html: string): void;
  /** The header's value now. */
  readonly current: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    contentSecurityPolicy: ContentSecurityPolicyHolder;
  }
}

/**
 * Security headers on every answer: the Content-Security-Policy, Permissions-Policy, and HSTS
 * when the public URL is https (browsers then never try the site over http again).
 */
export const securityHeadersPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const fixed: Record<string, string> = { ...SECURITY_HEADERS };
    if (config.publicUrl.startsWith('https:')) {
      fixed['strict-transport-security'] = 'max-age=31536000';
    }
    let shellPage: string | undefined;
    let policy = contentSecurityPolicy(config, []);
    app.decorate('contentSecurityPolicy', {
      useShellPage(html: string) {
        if (html === shellPage) return;
        shellPage = html;
        policy = contentSecurityPolicy(config, inlineScriptHashes(html));
      },
      get current() {
        return policy;
      },
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(fixed);
      reply.header('content-security-policy', policy);
      done();
    });
  },
  { name: 'security-headers' },
);
