export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
export declare const KEEP_NAMES_SHIM: string;
export declare function markDisclaimerAgreed(
  context: import('playwright-core').BrowserContext,
  key: string,
): Promise<void>;
export declare function agreeToDisclaimer(key: string): void;
