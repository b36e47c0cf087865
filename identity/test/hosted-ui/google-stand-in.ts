import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface GoogleAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/**
 * A real OpenID provider (panva's oidc-provider) in Google's place. Its login and consent pages
 * are answered at once for `account`, as a user clicking through Google would, or refused when
 * `cancel` is set, as when the user cancels at Google.
 */
export interface GoogleStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  account: GoogleAccount;
  cancel: boolean;
  close: () => Promise<void>;
}

/** Binds a port first: the hosted UI must know the issuer before the provider knows its client. */
export async function reservePort(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}

export async function startGoogleStandIn(
  reserved: { server: Server; port: number },
  idpResponseUrl: string,
): Promise<GoogleStandIn> {
  const issuer = `http://127.0.0.1:${reserved.port}`;
  const standIn: GoogleStandIn = {
    issuer,
    clientId: 'google-client',
    clientSecret: 'google-secret-google-secret-google-secret',
    account: { sub: 'google-1', email: 'g@example.com', emailVerified: true, name: 'G' },
    cancel: false,
    close: async () => {
      reserved.server.closeAllConnections();
      reserved.server.close();
      await once(reserved.server, 'close');
    },
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: standIn.clientId,
        client_secret: standIn.clientSecret,
        redirect_uris: [idpResponseUrl],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: standIn.account.email,
        email_verified: standIn.account.emailVerified,
        name: standIn.account.name,
      }),
    }),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['google-stand-in-cookie-key'] },
  });

  reserved.server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return provider.callback()(req, res);
    const details = await provider.interactionDetails(req, res);
    if (standIn.cancel) {
      const denied = { error: 'access_denied', error_description: 'End-User aborted interaction' };
      return provider.interactionFinished(req, res, denied, { mergeWithLastSubmission: false });
    }
    if (details.prompt.name === 'login') {
      const login = { login: { accountId: standIn.account.sub } };
      return provider.interactionFinished(req, res, login, { mergeWithLastSubmission: false });
    }
    const grant = new provider.Grant({
      accountId: details.session?.accountId,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  });
  return standIn;
}
