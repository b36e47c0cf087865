import fp from 'fastify-plugin';

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Nothing of ours is meant to be framed; refusing it rules out clickjacking the sign-in forms.
  'x-frame-options': 'DENY',
};

export const securityHeadersPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(SECURITY_HEADERS);
      done();
    });
  },
  { name: 'security-headers' },
);
