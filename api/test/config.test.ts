import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

const REPO_ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));

describe('loadConfig', () => {
  it('has working defaults for a fresh checkout', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      host: '0.0.0.0',
      port: 3000,
      logLevel: 'info',
      trustProxy: false,
      dataDir: join(REPO_ROOT, '.data'),
      database: { kind: 'sqlite', file: join(REPO_ROOT, '.data', 'studio.sqlite') },
      web: { serve: true, root: REPO_ROOT },
      publicApiBaseUrl: '/api',
      remoteManifestUrls: {
        gallery: '/remotes/gallery/mf-manifest.json',
        generate: '/remotes/generate/mf-manifest.json',
        models: '/remotes/models/mf-manifest.json',
        profile: '/remotes/profile/mf-manifest.json',
      },
      cognito: {
        region: 'us-east-1',
        userPoolId: 'us-east-1_studio',
        clientId: 'studio-web',
        userPoolEndpoint: '/identity/',
        issuer: 'http://localhost:3000/identity/us-east-1_studio',
        oauthDomain: undefined,
      },
      publicUrl: 'http://localhost:3000',
      adminEmails: [],
      urlSigningSecret: undefined,
      writeRateLimitPerMinute: 60,
      stripe: undefined,
      replicate: undefined,
    });
  });

  it('derives the token issuer from PUBLIC_URL, or Amazon Cognito, unless COGNITO_ISSUER is set', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://studio.example.com/' }).cognito.issuer).toBe(
      'https://studio.example.com/identity/us-east-1_studio',
    );
    expect(loadConfig({ PORT: '8080' }).cognito.issuer).toBe(
      'http://localhost:8080/identity/us-east-1_studio',
    );
    const cognito = loadConfig({
      COGNITO_USER_POOL_ENDPOINT: '',
      COGNITO_REGION: 'eu-west-1',
      COGNITO_USER_POOL_ID: 'eu-west-1_abc',
    }).cognito;
    expect(cognito.issuer).toBe('https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc');
    expect(cognito.oauthDomain).toBeUndefined();
    expect(loadConfig({ COGNITO_ISSUER: 'https://issuer.example.com/p/' }).cognito.issuer).toBe(
      'https://issuer.example.com/p',
    );
    expect(() => loadConfig({ COGNITO_OAUTH_DOMAIN: 'https://x' })).toThrow(/COGNITO_OAUTH_DOMAIN/);
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig(google).cognito.oauthDomain).toBe('localhost:3443');
  });

  it('reads the embedded pool’s sessions only when it mints the tokens; asks a pool elsewhere every 5 minutes', () => {
    expect(loadConfig({}).cognito).toMatchObject({ issuedHere: true, revocationCheckMs: 300_000 });
    expect(loadConfig({ COGNITO_ISSUER: 'http://127.0.0.1:9/p' }).cognito.issuedHere).toBe(false);
    const cognito = loadConfig({
      COGNITO_USER_POOL_ENDPOINT: '',
      COGNITO_REVOCATION_CHECK_MINUTES: '1.5',
    }).cognito;
    expect(cognito).toMatchObject({ issuedHere: false, revocationCheckMs: 90_000 });
    expect(() => loadConfig({ COGNITO_REVOCATION_CHECK_MINUTES: '0' })).toThrow(
      /COGNITO_REVOCATION_CHECK_MINUTES: must be a positive number/,
    );
  });

  it('gives each user 2 GB of storage unless STORAGE_QUOTA_MB says otherwise', () => {
    expect(loadConfig({}).storageQuotaBytes).toBe(2 * 1024 ** 3);
    expect(loadConfig({ STORAGE_QUOTA_MB: '0.5' }).storageQuotaBytes).toBe(512 * 1024);
    expect(() => loadConfig({ STORAGE_QUOTA_MB: 'lots' })).toThrow(
      /STORAGE_QUOTA_MB: must be a positive number/,
    );
  });

  it('reads admin e-mails as a lower-cased list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' A@x.com,b@Y.org ,' }).adminEmails).toEqual([
      'a@x.com',
      'b@y.org',
    ]);
  });

  it('needs the webhook secret and price with a Stripe key', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET[\s\S]*STRIPE_PRICE_ID/,
    );
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_PRICE_ID: 'price_1',
      }).stripe,
    ).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      priceId: 'price_1',
      apiUrl: undefined,
    });
  });

  it('selects Replicate with a token, and needs the owner and a pinned trainer version', () => {
    expect(() => loadConfig({ REPLICATE_API_TOKEN: 'r8_1' })).toThrow(
      /REPLICATE_OWNER: required with REPLICATE_API_TOKEN[\s\S]*REPLICATE_TRAINER_VERSION: required/,
    );
    const version = 'a'.repeat(64);
    const base = {
      REPLICATE_API_TOKEN: 'r8_1',
      REPLICATE_OWNER: 'me',
      REPLICATE_TRAINER_VERSION: `ostris/flux-dev-lora-trainer:${version}`,
      PUBLIC_URL: 'https://studio.example.com',
    };
    expect(loadConfig(base).replicate).toEqual({
      apiToken: 'r8_1',
      apiUrl: 'https://api.replicate.com/v1',
      owner: 'me',
      trainer: { owner: 'ostris', name: 'flux-dev-lora-trainer', version },
      upscalerVersion: 'f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa',
      previewModel: { model: 'black-forest-labs/flux-kontext-pro', version: null },
      previews: true,
      webhookSecret: undefined,
      webhookUrl: 'https://studio.example.com/api/webhooks/replicate',
      training: {
        steps: 1000,
        loraRank: 16,
        learningRate: 0.0004,
        resolution: '512,768,1024',
        autocaption: true,
      },
      pollMs: 30_000,
      predictionTimeoutMs: 300_000,
      trainingTimeoutMs: 7_200_000,
    });
    expect(() =>
      loadConfig({
        ...base,
        REPLICATE_TRAINER_VERSION: 'ostris/flux-dev-lora-trainer',
        REPLICATE_WEBHOOK_SECRET: 'secret',
        REPLICATE_TRAINING_STEPS: '-5',
        REPLICATE_POLL_SECONDS: 'often',
      }),
    ).toThrow(
      /REPLICATE_TRAINER_VERSION: must be owner\/name:<64-hex version id>[\s\S]*REPLICATE_WEBHOOK_SECRET: must be whsec_<base64>[\s\S]*REPLICATE_TRAINING_STEPS: must be a positive whole number[\s\S]*REPLICATE_POLL_SECONDS: must be a positive number/,
    );
  });

  it('runs an official preview model by name and a community one by its pinned version', () => {
    const base = {
      REPLICATE_API_TOKEN: 'r8_1',
      REPLICATE_OWNER: 'me',
      REPLICATE_TRAINER_VERSION: `ostris/flux-dev-lora-trainer:${'a'.repeat(64)}`,
      PUBLIC_URL: 'https://studio.example.com',
    };
    expect(
      loadConfig({ ...base, REPLICATE_PREVIEW_MODEL: 'black-forest-labs/flux-kontext-max' })
        .replicate?.previewModel,
    ).toEqual({ model: 'black-forest-labs/flux-kontext-max', version: null });
    expect(
      loadConfig({ ...base, REPLICATE_PREVIEW_MODEL: `someone/kontext-dev:${'b'.repeat(64)}` })
        .replicate?.previewModel,
    ).toEqual({ model: 'someone/kontext-dev', version: 'b'.repeat(64) });
    expect(() =>
      loadConfig({ ...base, REPLICATE_PREVIEW_VERSION: `someone/pulid:${'b'.repeat(64)}` }),
    ).toThrow(/REPLICATE_PREVIEW_VERSION: is now REPLICATE_PREVIEW_MODEL/);
    for (const wrong of ['flux-kontext-pro', 'someone/kontext-dev:latest', 'a/b/c']) {
      expect(() => loadConfig({ ...base, REPLICATE_PREVIEW_MODEL: wrong })).toThrow(
        /REPLICATE_PREVIEW_MODEL: must be an official model as owner\/name \(e\.g\. black-forest-labs\/flux-kontext-pro\) or a community model pinned as owner\/name:<64-hex version id>/,
      );
    }
  });

  it('selects Cog with both container URLs and a webhook secret, each required with the others', () => {
    expect(() => loadConfig({ COG_TRAINER_URL: 'http://gpu:5000' })).toThrow(
      /COG_PREDICTOR_URL: required with COG_TRAINER_URL[\s\S]*COG_WEBHOOK_SECRET: required/,
    );
    const base = {
      COG_TRAINER_URL: 'http://gpu-1:5000/',
      COG_PREDICTOR_URL: 'http://gpu-2:5000',
      COG_WEBHOOK_SECRET: 's'.repeat(32),
      PUBLIC_URL: 'https://studio.example.com',
    };
    expect(loadConfig(base).cog).toEqual({
      trainerUrl: 'http://gpu-1:5000',
      predictorUrl: 'http://gpu-2:5000',
      webhookSecret: 's'.repeat(32),
      webhookUrl: 'https://studio.example.com/api/webhooks/cog',
      inputOrigin: 'https://studio.example.com',
      trainingSteps: 1000,
      busyRetryMaxMs: 30_000,
      predictionTimeoutMs: 300_000,
      trainingTimeoutMs: 7_200_000,
    });
    // The containers may reach this server on an inner address the public cannot.
    expect(
      loadConfig({ ...base, COG_WEBHOOK_BASE_URL: 'http://studio.internal:3000' }).cog,
    ).toMatchObject({
      webhookUrl: 'http://studio.internal:3000/api/webhooks/cog',
      inputOrigin: 'http://studio.internal:3000',
    });
    expect(() =>
      loadConfig({ ...base, COG_WEBHOOK_SECRET: 'short', COG_PREDICTOR_URL: 'gpu:5000' }),
    ).toThrow(
      /COG_PREDICTOR_URL: must be an absolute http\(s\) URL[\s\S]*COG_WEBHOOK_SECRET: must be at least 32/,
    );
  });

  it('rejects a bad PORT with a message naming PORT', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT: must be a port number/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('lists every bad variable at once', () => {
    let message = '';
    try {
      loadConfig({
        PORT: '-1',
        SERVE_WEB: 'maybe',
        LOG_LEVEL: 'loud',
        REMOTE_MODELS_URL: 'models',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['PORT', 'SERVE_WEB', 'LOG_LEVEL', 'REMOTE_MODELS_URL']) {
      expect(message).toContain(`${name}:`);
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATA_DIR: '' }).port).toBe(3000);
  });

  it('resolves relative paths against the repository root', () => {
    const config = loadConfig({ DATA_DIR: 'var/data', WEB_ROOT: 'build' });
    expect(config.dataDir).toBe(join(REPO_ROOT, 'var', 'data'));
    expect(config.web.root).toBe(join(REPO_ROOT, 'build'));
  });

  it('accepts sqlite: database URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:///srv/studio.db' }).database).toEqual({
      kind: 'sqlite',
      file: '/srv/studio.db',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:/srv/studio.db' }).database).toEqual({
      kind: 'sqlite',
      file: '/srv/studio.db',
    });
  });

  it('selects PostgreSQL for postgres:// and postgresql:// URLs, with a pool size', () => {
    const url = 'postgres://studio:secret@db.internal:5433/studio';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({
      kind: 'postgres',
      url,
      poolSize: 10,
    });
    const other = 'postgresql://db/studio?sslmode=require';
    expect(loadConfig({ DATABASE_URL: other, DATABASE_POOL_SIZE: '4' }).database).toEqual({
      kind: 'postgres',
      url: other,
      poolSize: 4,
    });
  });

  it('rejects other database URLs and pool sizes with a message that lists the forms', () => {
    for (const url of ['mysql://db/studio', 'studio.sqlite', 'sqlite:', 'postgres:studio']) {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
        /DATABASE_URL: must be "sqlite:<path>" or "postgres:\/\//,
      );
    }
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('reads SERVE_WEB and TRUST_PROXY as booleans', () => {
    const config = loadConfig({ SERVE_WEB: 'false', TRUST_PROXY: 'true' });
    expect(config.web.serve).toBe(false);
    expect(config.trustProxy).toBe(true);
  });

  it('keeps the user pool endpoint absolute, or drops it for Amazon Cognito when empty', () => {
    const url = 'https://cognito-idp.eu-west-1.amazonaws.com/';
    expect(loadConfig({ COGNITO_USER_POOL_ENDPOINT: url }).cognito.userPoolEndpoint).toBe(url);
    expect(loadConfig({ COGNITO_USER_POOL_ENDPOINT: '' }).cognito.userPoolEndpoint).toBeUndefined();
    expect(() => loadConfig({ COGNITO_USER_POOL_ENDPOINT: 'ftp://x/' })).toThrow(
      /COGNITO_USER_POOL_ENDPOINT/,
    );
  });

  it('requires the pool id to start with the region, as aws-amplify does', () => {
    expect(() => loadConfig({ COGNITO_REGION: 'eu-west-1' })).toThrow(/COGNITO_USER_POOL_ID/);
    expect(
      loadConfig({ COGNITO_REGION: 'eu-west-1', COGNITO_USER_POOL_ID: 'eu-west-1_abc' }).cognito
        .userPoolId,
    ).toBe('eu-west-1_abc');
  });

  it('is quiet under NODE_ENV=test unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it('selects S3 storage by S3_BUCKET, with a region and a normalized key prefix', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'photos',
        AWS_REGION: 'eu-west-1',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: '/studio/prod/',
      }).s3,
    ).toEqual({
      bucket: 'photos',
      region: 'eu-west-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      prefix: 'studio/prod/',
    });
    expect(loadConfig({ S3_BUCKET: 'b', S3_REGION: 'auto' }).s3).toMatchObject({
      region: 'auto',
      endpoint: undefined,
      forcePathStyle: false,
      prefix: '',
    });
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_REGION: required with S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_REGION: 'r', S3_PREFIX: 'a/../b' })).toThrow(
      /S3_PREFIX/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_REGION: 'r', S3_ENDPOINT: 'minio' })).toThrow(
      /S3_ENDPOINT/,
    );
  });
});
