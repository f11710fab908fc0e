import type {
  CaptchaInfo,
  CaptchaResult,
  CaptchaScene,
  CaptchaType,
  CaptchaVendorScript,
} from '@gatehouse/contract';
import type { Timers } from '../dispatcher/timers';

/** What a provider gets to work with. */
export interface ProviderContext {
  scene: CaptchaScene;
  timers: Timers;
  /** Script URL and public key of a vendor (from web config `captcha_vendor_scripts`). */
  script?: CaptchaVendorScript;
  /** Behavioural-puzzle parameters (Geetest only). */
  info?: CaptchaInfo;
  /** An inline slot from the page; otherwise the provider uses the floating panel. */
  container?: HTMLElement;
  /** The user closed the captcha: the whole run is cancelled. */
  onCancel: () => void;
}

/**
 * One captcha type on the page. The dispatcher calls `load`, then `isReady` (retrying `show`
 * while false), then `show` once; `destroy` always ends it, success or not.
 */
export interface CaptchaProvider {
  readonly type: CaptchaType;
  /** Loads the script and initialises; rejects when it cannot (the next type is tried). */
  load(): Promise<void>;
  isReady(): boolean;
  /** Displays it; resolves with the result once solved, rejects on a captcha error. */
  show(): Promise<CaptchaResult>;
  destroy(): void;
}

export type ProviderFactory = (type: CaptchaType, ctx: ProviderContext) => CaptchaProvider;
