// No Docker engine runs on our build machines, so docker-compose.yml is checked here instead: its
// services, images, ports, environment names, volumes, healthchecks and start order, against what the
// code actually reads (gateway/src/config.ts, web/server/config.server.ts) and what the repository holds;
// and the Dockerfile's two stages. `npm run test:runtime` (scripts/runtime-stage.mjs) runs the final
// stage itself.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from '../../gateway/src/config.js';
import { loadWebConfig } from '../../web/server/config.server.js';
import {
  dockerignore,
  execForm,
  parseCopy,
  parseDockerfile,
  parseEnv,
  type Stage,
} from '../../scripts/dockerfile.mjs';
import { SERVERS } from '../../scripts/server-bundle.mjs';
import { namesRead } from '../../scripts/config-doc.js';
import { RUNTIME_ENV } from '../../scripts/start-env.mjs';
import { REPO_ROOT } from './fields-schema.js';

interface Mount {
  type: string;
  source: string;
  target: string;
  read_only?: boolean;
}
interface Service {
  image?: string;
  build?: string | { context: string };
  command?: string[] | string;
  entrypoint?: string[];
  restart?: string;
  user?: string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: Array<string | Mount>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval?: string; timeout?: string; retries?: number };
  profiles?: string[];
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

const raw = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
// Compose resolves YAML merge keys (<<); the yaml package does when asked.
const compose = parse(raw, { merge: true }) as Compose;
const read = (rel: string) => readFileSync(path.join(REPO_ROOT, rel), 'utf8');

function service(name: string): Service {
  const s = compose.services[name];
  if (!s) throw new Error(`no service ${name}`);
  return s;
}
function env(name: string): Record<string, string> {
  return service(name).environment ?? {};
}
function envValue(name: string, key: string): string {
  const value = env(name)[key];
  if (value === undefined) throw new Error(`${name} has no ${key}`);
  return String(value);
}
/** Container ports a service publishes ("host:container" or "ip:host:container"). */
function containerPorts(name: string): number[] {
  return (service(name).ports ?? []).map((p) => Number(String(p).split(':').at(-1)));
}
function mounts(name: string): Mount[] {
  return (service(name).volumes ?? []).map((v) => {
    if (typeof v !== 'string') return v;
    const [source = '', target = '', mode] = v.split(':');
    return {
      type: source.startsWith('.') || source.startsWith('/') ? 'bind' : 'volume',
      source,
      target,
      read_only: mode === 'ro',
    };
  });
}

/** Environment variables the gateway reads (gateway/src/config.ts). */
const gatewayKeys = () => namesRead((env) => loadConfig(env));
/** Environment variables the web server reads (the zod schema of web/server/config.server.ts). */
const webKeys = () => namesRead((env) => loadWebConfig(env));
/** The firm's details: what the site shows visitors of the firm (names, contacts, profiles). */
const isSiteSetting = (name: string) => /^(SITE|SOCIAL)_/.test(name);

/** A service's environment as compose gives it to the container, with `dotEnv` as the .env file. */
function interpolated(name: string, dotEnv: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env(name)).map(([key, value]) => [
      key,
      String(value).replace(
        /\$\$|\$\{([A-Z][A-Z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
        (whole, variable: string | undefined, colon: string, op: string, operand: string) => {
          if (whole === '$$') return '$';
          const value = dotEnv[variable as string];
          const missing = value === undefined || (colon === ':' && value === '');
          if (!missing) return value;
          if (op === '?') throw new Error(`compose stops: ${operand}`);
          return op === '-' ? operand : '';
        },
      ),
    ]),
  );
}

/** A production .env: the secrets, the public address and the firm's own details. */
const PRODUCTION_ENV = {
  PURGE_SECRET: 'p'.repeat(32),
  WORDPRESS_DB_PASSWORD: 'db-password',
  WORDPRESS_ADMIN_PASSWORD: 'admin-password',
  WORDPRESS_USER: 'editor-bot',
  WORDPRESS_APP_PASSWORD: 'abcd efgh ijkl mnop qrst uvwx',
  SITE_URL: 'https://www.sharma-law.in',
  SITE_NAME: 'Sharma & Associates',
  SITE_PHONE: '+91 98110 22334',
  SITE_EMERGENCY_PHONE: '+91 98110 55667',
  SITE_EMAIL: 'office@sharma-law.in',
  SITE_WHATSAPP_URL: 'https://wa.me/919811022334',
  SITE_STREET_ADDRESS: 'Raj Nagar District Centre',
  SOCIAL_FACEBOOK: 'https://www.facebook.com/sharmalaw',
  SOCIAL_INSTAGRAM: 'https://www.instagram.com/sharmalaw',
  SOCIAL_LINKEDIN: 'https://www.linkedin.com/company/sharmalaw',
  SOCIAL_X: 'https://x.com/sharmalaw',
};
function envFileNames(rel: string): Set<string> {
  if (!existsSync(path.join(REPO_ROOT, rel))) return new Set();
  return new Set([...read(rel).matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string));
}

describe('docker-compose.yml', () => {
  it('has the six services and two optional replicas, on official images for WordPress, MariaDB and Redis', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'db',
      'gateway',
      'gateway-2',
      'redis',
      'seed',
      'web',
      'web-2',
      'wordpress',
    ]);
    expect(service('redis').image).toMatch(/^redis:\d/);
    expect(service('db').image).toMatch(/^mariadb:\d/);
    expect(service('wordpress').image).toMatch(/^wordpress:\d[\w.-]*-apache$/);
    expect(service('seed').image).toMatch(/^wordpress:cli/);
    for (const name of ['gateway', 'web']) {
      expect(service(name).build, name).toBe('.');
    }
  });

  it('runs the compiled gateway and web server with plain node, as the image holds them', () => {
    for (const name of ['gateway', 'gateway-2', 'web', 'web-2']) {
      const server = name.startsWith('gateway') ? SERVERS.gateway : SERVERS.web;
      // No tsx and no TypeScript: the image has neither (its final stage omits development packages).
      expect(service(name).command, name).toEqual(['node', server.compiled]);
    }
    // What they are compiled from.
    for (const server of Object.values(SERVERS)) {
      expect(existsSync(path.join(REPO_ROOT, server.source)), server.source).toBe(true);
    }
    const cmd = dockerStages()
      .at(-1)
      ?.instructions.find((i) => i.keyword === 'CMD');
    expect(cmd && execForm(cmd)).toEqual(service('gateway').command);
  });

  it('gives the gateway and the web server only settings their config reads', () => {
    const gateway = gatewayKeys();
    const web = webKeys();
    expect(gateway.size).toBeGreaterThan(10);
    expect(web.size).toBeGreaterThan(5);
    expect(Object.keys(env('gateway')).filter((k) => !gateway.has(k))).toEqual([]);
    expect(Object.keys(env('web')).filter((k) => !web.has(k))).toEqual([]);
  });

  it('passes every site setting the code reads from .env to each service that reads it', () => {
    const readers = [
      ['gateway', gatewayKeys()],
      ['gateway-2', gatewayKeys()],
      ['web', webKeys()],
      ['web-2', webKeys()],
    ] as const;
    const settings = new Set([...gatewayKeys(), ...webKeys()].filter(isSiteSetting));
    // The firm's name, address, phones, e-mail, WhatsApp link and four social profiles.
    expect(settings.size).toBe(11);
    for (const [name, keys] of readers) {
      for (const key of [...keys].filter(isSiteSetting)) {
        // From .env by its own name: ${SITE_PHONE}, ${SITE_PHONE:-...} or ${SITE_PHONE:?...}.
        expect(env(name)[key], `${name}: ${key}`).toMatch(new RegExp(`^\\$\\{${key}(:?[-?][^}]*)?\\}$`));
      }
    }
    // A setting both read comes to both with the same default.
    for (const key of [...webKeys()].filter(isSiteSetting)) {
      expect(envValue('web', key), key).toBe(envValue('gateway', key));
    }
  });

  it("starts the gateway and the web server with a production .env, and shows the firm's own details", () => {
    const gateway = loadConfig(interpolated('gateway', PRODUCTION_ENV));
    expect(gateway.nodeEnv).toBe('production');
    expect(gateway.site).toEqual({
      url: 'https://www.sharma-law.in',
      name: 'Sharma & Associates',
      phone: '+91 98110 22334',
      emergencyPhone: '+91 98110 55667',
      email: 'office@sharma-law.in',
      whatsappUrl: 'https://wa.me/919811022334',
      streetAddress: 'Raj Nagar District Centre',
      social: {
        facebook: 'https://www.facebook.com/sharmalaw',
        instagram: 'https://www.instagram.com/sharmalaw',
        linkedin: 'https://www.linkedin.com/company/sharmalaw',
        x: 'https://x.com/sharmalaw',
      },
    });
    // Enquiries go to WordPress with the application password, over compose's own network.
    expect(gateway.wordpressUrl).toBe('http://wordpress');
    expect(gateway.enquiries.wordpressAppPassword).toBe(PRODUCTION_ENV.WORDPRESS_APP_PASSWORD);
    const web = loadWebConfig(interpolated('web', PRODUCTION_ENV));
    expect([web.SITE_URL, web.SITE_NAME]).toEqual(['https://www.sharma-law.in', 'Sharma & Associates']);
  });

  it('stops the gateway in production while the phone or e-mail in .env is left out', () => {
    for (const left of ['SITE_PHONE', 'SITE_EMAIL'] as const) {
      const { [left]: _left, ...dotEnv } = PRODUCTION_ENV;
      const error = (() => {
        try {
          loadConfig(interpolated('gateway', dotEnv));
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error, left).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(left);
    }
    // On this machine (the default localhost address) the placeholders may stand.
    const { SITE_URL: _url, SITE_PHONE: _phone, SITE_EMAIL: _email, ...local } = PRODUCTION_ENV;
    expect(loadConfig(interpolated('gateway', local)).site.phone).toBeNull();
  });

  it('lets the gateway send the application password to WordPress over the private network only', () => {
    expect(envValue('gateway', 'ALLOW_INSECURE_WORDPRESS')).toBe('${ALLOW_INSECURE_WORDPRESS:-true}');
    expect(gatewayKeys().has('ALLOW_INSECURE_WORDPRESS')).toBe(true);
    // The plain-http address is a service of this file, not a host elsewhere.
    const wordpress = new URL(envValue('gateway', 'WORDPRESS_URL'));
    expect(wordpress.protocol).toBe('http:');
    expect(Object.keys(compose.services)).toContain(wordpress.hostname);
    // Without the allowance the same settings are refused, naming WORDPRESS_URL.
    const refused = { ...interpolated('gateway', PRODUCTION_ENV), ALLOW_INSECURE_WORDPRESS: 'false' };
    expect(() => loadConfig(refused)).toThrow(/WORDPRESS_URL/);
  });

  it('makes the Node services listen beyond their container loopback', () => {
    // Both default to 127.0.0.1, which other containers cannot reach.
    expect(envValue('gateway', 'GATEWAY_HOST')).toBe('0.0.0.0');
    expect(envValue('web', 'HOST')).toBe('0.0.0.0');
  });

  it('wires services by name and port: web -> gateway -> wordpress, and the purge webhook back', () => {
    const gatewayPort = Number(envValue('gateway', 'GATEWAY_PORT'));
    const webPort = Number(envValue('web', 'PORT'));
    expect(containerPorts('gateway')).toEqual([gatewayPort]);
    expect(containerPorts('web')).toEqual([webPort]);
    expect(containerPorts('wordpress')).toEqual([80]);

    expect(envValue('gateway', 'WORDPRESS_URL')).toBe('http://wordpress');
    const gatewayUrl = new URL(envValue('web', 'GATEWAY_URL'));
    expect([gatewayUrl.hostname, Number(gatewayUrl.port), gatewayUrl.pathname]).toEqual([
      'gateway',
      gatewayPort,
      '/graphql',
    ]);
    for (const name of ['wordpress', 'seed']) {
      const purge = new URL(envValue(name, 'LAWFIRM_PURGE_URL'));
      expect([purge.hostname, Number(purge.port), purge.pathname], name).toEqual([
        'gateway',
        gatewayPort,
        '/purge',
      ]);
    }
    // The gateway answers it (a route of its HTTP server, whatever the server library).
    expect(read('gateway/src/http.ts')).toMatch(/['"]\/purge['"]/);
  });

  it('shares one purge secret between WordPress and the gateway, with no default', () => {
    const secret = envValue('gateway', 'PURGE_SECRET');
    expect(secret).toMatch(/^\$\{PURGE_SECRET:\?/);
    expect(envValue('wordpress', 'LAWFIRM_PURGE_SECRET')).toBe(secret);
    expect(envValue('wordpress', 'WORDPRESS_CONFIG_EXTRA')).toContain("define( 'LAWFIRM_PURGE_SECRET'");
    // The plugin reads these names (constant, then environment).
    const webhook = read('wordpress/plugin/lawfirm-companion/includes/webhook.php');
    expect(webhook).toContain("'LAWFIRM_PURGE_URL'");
    expect(webhook).toContain("'LAWFIRM_PURGE_SECRET'");
  });

  it('gives the database and WordPress the same credentials', () => {
    expect(envValue('wordpress', 'WORDPRESS_DB_HOST')).toBe('db');
    expect(envValue('wordpress', 'WORDPRESS_DB_NAME')).toBe(envValue('db', 'MARIADB_DATABASE'));
    expect(envValue('wordpress', 'WORDPRESS_DB_USER')).toBe(envValue('db', 'MARIADB_USER'));
    expect(envValue('wordpress', 'WORDPRESS_DB_PASSWORD')).toBe(envValue('db', 'MARIADB_PASSWORD'));
    expect(envValue('seed', 'WORDPRESS_DB_PASSWORD')).toBe(envValue('db', 'MARIADB_PASSWORD'));
  });

  it('documents every variable it interpolates', () => {
    const used = new Set(
      [...raw.matchAll(/\$\{([A-Z][A-Z0-9_]*)(?::?[-?][^}]*)?\}/g)].map((m) => m[1] as string),
    );
    const composeOnly = envFileNames('wordpress/compose.env.example');
    const siteSettings = envFileNames('.env.example');
    const readByCode = new Set([...gatewayKeys(), ...webKeys()]);
    expect(used.size).toBeGreaterThan(3);
    const undocumented = [...used].filter(
      (v) => !composeOnly.has(v) && !siteSettings.has(v) && !readByCode.has(v),
    );
    expect(undocumented).toEqual([]);
    // Site settings belong in .env.example once it exists; the compose-only list holds the rest.
    if (existsSync(path.join(REPO_ROOT, '.env.example'))) {
      expect([...used].filter((v) => readByCode.has(v) && !siteSettings.has(v))).toEqual([]);
    }
    // Secrets must be set: no default value.
    for (const secret of ['PURGE_SECRET', 'WORDPRESS_DB_PASSWORD', 'WORDPRESS_ADMIN_PASSWORD']) {
      expect(raw, secret).toMatch(new RegExp(`\\$\\{${secret}:\\?`));
      expect(raw, secret).not.toMatch(new RegExp(`\\$\\{${secret}:-`));
    }
  });

  it('keeps data in declared named volumes and mounts only paths that exist', () => {
    const declared = Object.keys(compose.volumes ?? {});
    expect(declared.sort()).toEqual(['db-data', 'media', 'outbox', 'outbox-2', 'wp-data']);
    const usedVolumes = new Set<string>();
    for (const name of Object.keys(compose.services)) {
      for (const m of mounts(name)) {
        if (m.type === 'volume') usedVolumes.add(m.source);
        else expect(existsSync(path.join(REPO_ROOT, m.source)), `${name}: ${m.source}`).toBe(true);
      }
    }
    expect([...usedVolumes].sort()).toEqual(declared.sort());
    expect(mounts('db').find((m) => m.target === '/var/lib/mysql')?.source).toBe('db-data');
    for (const name of ['wordpress', 'seed']) {
      expect(mounts(name).find((m) => m.target === '/var/www/html')?.source, name).toBe('wp-data');
    }
    // The enquiry outbox survives restarts, one volume per gateway (one writer per log), at the
    // folder the gateway is told to use.
    for (const [name, volume] of [
      ['gateway', 'outbox'],
      ['gateway-2', 'outbox-2'],
    ] as const) {
      const env = compose.services[name]?.environment as Record<string, string> | undefined;
      expect(mounts(name).find((m) => m.target === env?.OUTBOX_DIR)?.source, name).toBe(volume);
      // The image cache is one volume both gateways share (media/disk-cache.ts writes by rename).
      expect(mounts(name).find((m) => m.target === env?.MEDIA_CACHE_DIR)?.source, name).toBe('media');
    }
  });

  it('mounts the plugin as a must-use plugin, read-only, in WordPress and in the seed', () => {
    for (const name of ['wordpress', 'seed']) {
      const plugin = mounts(name).filter(
        (m) => m.type === 'bind' && m.source.startsWith('./wordpress/plugin'),
      );
      expect(
        plugin.map((m) => [m.source, m.target, m.read_only]),
        name,
      ).toEqual([
        [
          './wordpress/plugin/lawfirm-companion',
          '/var/www/html/wp-content/mu-plugins/lawfirm-companion',
          true,
        ],
        [
          './wordpress/plugin/lawfirm-companion-loader.php',
          '/var/www/html/wp-content/mu-plugins/lawfirm-companion-loader.php',
          true,
        ],
      ]);
    }
  });

  it('runs the PHP seed once, from files mounted into the seed container', () => {
    const seed = service('seed');
    expect(seed.restart).toBe('no');
    expect(seed.healthcheck).toBeUndefined();
    const script = ([...(seed.command ?? [])].join('\n').match(/php (\/\S+\.php)/) ?? [])[1] ?? '';
    expect(script).toBe('/project/wordpress/seed/seed.php');
    const mount = mounts('seed').find((m) => script.startsWith(`${m.target}/`));
    expect(mount).toBeDefined();
    expect(
      existsSync(path.join(REPO_ROOT, (mount as Mount).source, script.slice((mount as Mount).target.length))),
    ).toBe(true);
    const contentMount = mounts('seed').find((m) => m.target === envValue('seed', 'LAWFIRM_CONTENT_DIR'));
    expect(contentMount?.source).toBe('./content');
    expect(envValue('seed', 'WORDPRESS_ROOT')).toBe('/var/www/html');
    // The seed reads these names.
    const seedPhp = read('wordpress/seed/seed.php');
    for (const name of ['WORDPRESS_ROOT', 'LAWFIRM_CONTENT_DIR'])
      expect(seedPhp).toContain(`getenv( '${name}' )`);
  });

  it('has a healthcheck on every long-running service, matching its port', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      if (s.restart === 'no') continue;
      expect(s.healthcheck?.test?.length, name).toBeGreaterThan(1);
      expect(s.healthcheck?.retries, name).toBeGreaterThan(0);
    }
    const gatewayCheck = (service('gateway').healthcheck?.test ?? []).join(' ');
    expect(gatewayCheck).toContain(`http://127.0.0.1:${envValue('gateway', 'GATEWAY_PORT')}/healthz`);
    // The gateway answers it (a route of its HTTP server, whatever the server library).
    expect(read('gateway/src/http.ts')).toMatch(/['"]\/healthz['"]/);
    expect((service('web').healthcheck?.test ?? []).join(' ')).toContain(
      `http://127.0.0.1:${envValue('web', 'PORT')}/`,
    );
    expect((service('wordpress').healthcheck?.test ?? []).join(' ')).toContain('http://localhost/wp-json/');
  });

  it('starts services in order: database, WordPress, seed, gateway, web', () => {
    const conditions = (name: string) =>
      Object.fromEntries(Object.entries(service(name).depends_on ?? {}).map(([k, v]) => [k, v.condition]));
    expect(conditions('wordpress')).toEqual({ db: 'service_healthy' });
    expect(conditions('seed')).toEqual({ db: 'service_healthy', wordpress: 'service_healthy' });
    expect(conditions('gateway')).toEqual({
      wordpress: 'service_healthy',
      seed: 'service_completed_successfully',
      redis: 'service_healthy',
    });
    expect(conditions('web')).toEqual({ gateway: 'service_healthy', redis: 'service_healthy' });
    expect(conditions('gateway-2')).toEqual({ gateway: 'service_healthy', redis: 'service_healthy' });
    expect(conditions('web-2')).toEqual({ 'gateway-2': 'service_healthy', redis: 'service_healthy' });
  });

  it('shares one Redis, kept as a cache only, between every gateway and web server', () => {
    const command = (service('redis').command as string[]).join(' ');
    // No snapshots or append-only file: a restarted Redis must not bring back purged content.
    expect(command).toContain('--save  --appendonly no');
    expect(command).toMatch(/--maxmemory \d+mb --maxmemory-policy volatile-lru/);
    expect(service('redis').ports).toBeUndefined();
    const url = (name: string) => envValue(name, 'REDIS_URL');
    for (const name of ['gateway', 'web', 'gateway-2', 'web-2'])
      expect(url(name), name).toBe('redis://redis:6379');
    expect(read('gateway/src/config.ts')).toContain("'REDIS_URL'");
    // The replicas are the same services by another name, started only with --profile replicas.
    expect(service('gateway-2').profiles).toEqual(['replicas']);
    expect(service('web-2').profiles).toEqual(['replicas']);
    expect(env('gateway-2')).toEqual(env('gateway'));
    expect({ ...env('web-2'), GATEWAY_URL: envValue('web', 'GATEWAY_URL') }).toEqual(env('web'));
    expect(envValue('web-2', 'GATEWAY_URL')).toBe('http://gateway-2:4000/graphql');
    expect(service('web-2').ports).toEqual(['3001:3000']);
    for (const name of ['gateway-2', 'web-2']) {
      expect(service(name).image, name).toBe(service(name.replace('-2', '')).image);
      expect(service(name).command, name).toEqual(service(name.replace('-2', '')).command);
    }
  });
});

/** The workspaces of package.json (`gateway`, `packages/*`: each folder there with a package.json). */
function workspaceFolders(): string[] {
  const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] };
  return workspaces.flatMap((entry) => {
    if (!entry.endsWith('/*')) return [entry];
    const parent = entry.slice(0, -2);
    return readdirSync(path.join(REPO_ROOT, parent))
      .map((name) => `${parent}/${name}`)
      .filter((folder) => existsSync(path.join(REPO_ROOT, folder, 'package.json')));
  });
}
function dockerStages(): Stage[] {
  return parseDockerfile(read('Dockerfile'));
}
/** The commands of a stage's RUN instructions, one per `&&` part. */
function runs(stage: Stage): string[] {
  return stage.instructions
    .filter((i) => i.keyword === 'RUN')
    .flatMap((i) => i.args.split('&&').map((c) => c.trim()));
}
/** Where each file or folder a stage copies comes from: `build:/app/x` or `context:x`. */
function copied(stage: Stage): string[] {
  return stage.instructions
    .filter((i) => i.keyword === 'COPY')
    .flatMap((i) => {
      const { from, sources } = parseCopy(i);
      return sources.map((source) => `${from ?? 'context'}:${source}`);
    });
}
/** Line of the first instruction of a stage for which `test` holds (Infinity: none). */
function lineOf(stage: Stage, test: (args: string, keyword: string) => boolean): number {
  return stage.instructions.find((i) => test(i.args, i.keyword))?.line ?? Infinity;
}

describe('Dockerfile', () => {
  const stages = dockerStages();
  const build = stages.find((s) => s.name === 'build') as Stage;
  const final = stages.at(-1) as Stage;

  it('compiles in a build stage and runs on Node 24 (Debian slim) in the final stage', () => {
    expect(stages).toHaveLength(2);
    expect(build).toBeDefined();
    expect(final.image).toBe('node:24-bookworm-slim');
    // The build uses the Node that runs the result.
    expect(build.image).toBe(final.image);
    expect(runs(build)).toEqual([
      'npm ci --no-audit --no-fund',
      'npm run build',
      'npm run build:sandbox -w gateway',
    ]);
  });

  it('installs only the production dependencies in the final stage', () => {
    const installs = runs(final).filter((c) => /^npm (ci|install|i)\b/.test(c));
    // Without install scripts: the root's patch-package is a development tool, and the bundles carry its patches.
    expect(installs).toEqual(['npm ci --omit=dev --ignore-scripts --no-audit --no-fund']);
    expect(runs(final)).toContain('npm cache clean --force');
  });

  it('runs the servers in production with the allocator settings `npm start` gives them', () => {
    const env = Object.assign({}, ...final.instructions.filter((i) => i.keyword === 'ENV').map(parseEnv));
    expect(env).toEqual({ NODE_ENV: 'production', ...RUNTIME_ENV });
  });

  it('gives npm ci every workspace manifest and the lock file, in both stages', () => {
    const workspaces = workspaceFolders();
    expect(workspaces).toEqual(expect.arrayContaining(['gateway', 'web', 'packages/content-model']));
    const manifests = ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)];
    for (const stage of [build, final]) {
      const install = lineOf(stage, (args) => args.startsWith('npm ci'));
      for (const manifest of manifests) {
        expect(copied(stage), `${stage.name ?? 'final'}: ${manifest}`).toContain(`context:${manifest}`);
        expect(
          lineOf(stage, (args, keyword) => keyword === 'COPY' && args.split(' ').includes(manifest)),
          `${manifest} before npm ci`,
        ).toBeLessThan(install);
      }
    }
  });

  it('brings the compiled servers and what they read into the final stage, and no sources', () => {
    const sources = copied(final);
    for (const server of Object.values(SERVERS)) {
      const folder = `build:/app/${path.posix.dirname(server.compiled)}`;
      expect(
        sources.some((s) => folder === s || folder.startsWith(`${s}/`)),
        server.compiled,
      ).toBe(true);
    }
    expect(sources).toEqual(
      expect.arrayContaining([
        'build:/app/web/dist',
        'build:/app/gateway/sandbox/dist',
        'context:schema.graphql',
        'context:content',
      ]),
    );
    // Nothing that is TypeScript or a build input: no `COPY . .`, no src/, server/ or scripts/.
    expect(sources.filter((s) => /:(\.|\.\/|\/app)?$|\/(src|server|scripts)(\/|$)/.test(s))).toEqual([]);
  });

  it('compiles from sources in the build context and copies nothing it leaves out', () => {
    const ignored = dockerignore(read('.dockerignore'));
    // What this checkout built or installed never reaches the image: the build stage makes its own.
    for (const rel of [
      'node_modules',
      'gateway/node_modules',
      'web/dist',
      'gateway/dist',
      'gateway/sandbox/dist',
    ])
      expect(ignored(rel), rel).toBe(true);
    const fromContext = copied(final)
      .concat(copied(build))
      .filter((s) => s.startsWith('context:') && s !== 'context:.')
      .map((s) => s.slice('context:'.length));
    expect(fromContext.filter((rel) => ignored(rel) || !existsSync(path.join(REPO_ROOT, rel)))).toEqual([]);
  });

  it('runs as the unprivileged user, with the outbox the only place it writes', () => {
    const user = final.instructions.filter((i) => i.keyword === 'USER');
    expect(user.map((i) => i.args)).toEqual(['node']);
    // Everything is copied before the switch, owned by root, so the servers cannot change their code.
    expect(
      Math.max(...final.instructions.filter((i) => i.keyword === 'COPY').map((i) => i.line)),
    ).toBeLessThan(user[0]?.line ?? 0);
    expect(final.instructions.some((i) => i.keyword === 'COPY' && i.args.includes('--chown'))).toBe(false);
    const outbox = envValue('gateway', 'OUTBOX_DIR');
    expect(runs(final)).toEqual(
      expect.arrayContaining([`mkdir -p ${outbox}`, `chown -R node:node ${path.posix.dirname(outbox)}`]),
    );
  });
});
