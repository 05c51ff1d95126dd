// What every resolver receives. Built per request: the loaders batch within one operation only.
import type { Logger } from 'pino';
import type { GatewayConfig } from './config.js';
import type { EnquiryService } from './enquiry/service.js';
import type { Loaders } from './loaders.js';
import type { DraftFetcher } from './preview/wordpress.js';
import type { WpApi } from './sources/api.js';
import type { RestSource } from './sources/rest.js';

export interface GatewayContext {
  config: GatewayConfig;
  /** The cached source every content read goes through. */
  source: RestSource;
  /** The same source without the cache, for the live connection check. */
  upstream: RestSource;
  /** brief §7 calls over `source`. */
  api: WpApi;
  /** brief §7 calls over `upstream` (never cached). */
  upstreamApi: WpApi;
  loaders: Loaders;
  logger: Logger;
  requestId: string;
  /** The visitor's address (GATEWAY_TRUST_PROXY, @site/server-kit's trust-proxy.ts); 'local' in-process. */
  clientIp: string;
  enquiries: EnquiryService;
  /**
   * Drafts read live from WordPress with the application password (never cached); null when
   * previews are off (no PREVIEW_SECRET, no WordPress credentials, or the embedded snapshot).
   */
  drafts: DraftFetcher | null;
  /** The gateway's clock (milliseconds): what preview tokens expire by. */
  now(): number;
  /** The hosts known to hold WordPress's media now (Originals.hosts): body images on them go through /media. */
  mediaHosts(): readonly string[];
  /** WordPress's public origin once learned (Originals.publicOrigin), else null. */
  wordpressOrigin(): string | null;
}
