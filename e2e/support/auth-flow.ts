// Helpers of the auth specs (e2e/auth-*.spec.ts, and the OAuth / Telegram specs that sign up and log in):
// codes from the dev outbox, the sign-up and login forms driven by role and label as a user would, and
// the wait for the captcha those forms pass (on in e2e, as in production; docs/captcha.md).
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export const PASSWORD = 'correct horse battery staple 42';

/** A fresh e-mail address per call, so specs never collide on one server. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A fresh valid UK mobile number (libphonenumber's example range 07400 123xxx). */
export function uniqueUkMobile(): string {
  return `7400${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}

interface OutboxMessage {
  to: string;
  kind: string;
  code: string | null;
  link: string | null;
  created_at: number;
}

/** The newest message to `to` sent after `since` (epoch ms) that carries a code or link; waits for it. */
export async function outboxMessage(to: string, since: number, timeoutMs = 10_000): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${inject('baseUrl')}/dev/outbox.json?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    const found = messages.find((m) => m.created_at >= since && (m.code || m.link));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code or link for ${to} in the outbox`);
}

export async function outboxCode(to: string, since: number): Promise<string> {
  const message = await outboxMessage(to, since);
  if (!message.code) throw new Error(`the message to ${to} has no code (${message.kind})`);
  return message.code;
}

/** The captcha panel's title and the toast when no captcha could load (locales/en/global.json `captcha.*`). */
export const CAPTCHA_TITLE = 'Security check';
export const CAPTCHA_UNAVAILABLE = 'Captcha is currently unavailable, please check the network and try again';

/**
 * Call after the click that submits a protected form (log in, sign-up "Continue", reset "Send code",
 * Telegram login): waits until that submission has settled — its captcha (if the server asks for
 * one) solved and the call answered — and fails with a clear message when the captcha could not be
 * passed.
 *
 * The e2e server has the captcha on (support/global-setup.ts): the self-hosted ALTCHA widget opens in
 * a "Security check" panel and ticks itself (proof of work, no click), then the form sends. So the
 * flows would also work without this call (their next `waitFor` waits through the captcha); it
 * turns a stuck or unavailable captcha into an error that says so instead of a timeout elsewhere.
 */
export async function solveCaptchaIfShown(page: Page, timeoutMs = 20_000): Promise<void> {
  const captcha = page.getByRole('dialog', { name: CAPTCHA_TITLE });
  const busyForm = page.locator('form[aria-busy="true"]');
  const deadline = Date.now() + timeoutMs;
  let sawCaptcha = false;
  while (Date.now() < deadline) {
    const shown = await captcha.isVisible().catch(() => false);
    sawCaptcha ||= shown;
    if (!shown && (await busyForm.count()) === 0) break;
    await page.waitForTimeout(50);
  }
  if (
    await page
      .getByText(CAPTCHA_UNAVAILABLE)
      .isVisible()
      .catch(() => false)
  ) {
    throw new Error('the captcha was unavailable (no captcha could load)');
  }
  if (Date.now() >= deadline) {
    throw new Error(
      `the ${sawCaptcha ? 'captcha' : 'submission'} did not finish within ${timeoutMs / 1000}s`,
    );
  }
}

/** Accepts the cookie banner so it never sits over a button. */
export async function acceptCookies(page: Page): Promise<void> {
  const banner = page
    .getByRole('region', { name: /cookie/i })
    .or(page.getByRole('dialog', { name: /cookie/i }));
  const accept = banner.getByRole('button', { name: /accept/i });
  // The shell shows the banner once the page is idle (issue 12): after that, it is there or it is not.
  await page.waitForLoadState('networkidle').catch(() => {});
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

export interface SignUp {
  /** `email` or `mobile` (then `callingCode` and the national number). */
  email?: string;
  mobile?: { countryValue: string; number: string };
  /** ISO alpha-2 country of residence. */
  residence: string;
  password?: string;
}

/** Fills the sign-up steps on an open register page; the code comes from the outbox. */
export async function signUp(page: Page, input: SignUp): Promise<void> {
  const since = Date.now() - 1000;
  await fillSignUpAccount(page, input);
  await page.getByRole('button', { name: 'Continue' }).click();
  await solveCaptchaIfShown(page);
  await page.getByRole('heading', { name: 'Enter the verification code' }).waitFor();
  const to = input.email ?? `+${input.mobile?.countryValue.split(':')[1] ?? ''}${input.mobile?.number ?? ''}`;
  await page.getByLabel('6-digit code').fill(await outboxCode(to, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Set your password' }).waitFor();
  await page.getByLabel('New password', { exact: true }).fill(input.password ?? PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** The first sign-up step on an open register page (account and residence), up to "Continue". */
export async function fillSignUpAccount(page: Page, input: SignUp): Promise<void> {
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await acceptCookies(page);
  if (input.mobile) {
    await page.getByRole('button', { name: 'Mobile', exact: true }).click();
    const select = page.getByLabel('Country code');
    await select.locator(`option[value="${input.mobile.countryValue}"]`).waitFor({ state: 'attached' });
    await select.selectOption(input.mobile.countryValue);
    await page.getByLabel('Mobile number').fill(input.mobile.number);
  } else {
    await page.getByRole('textbox', { name: 'E-mail' }).fill(input.email ?? '');
  }
  const residence = page.getByLabel('Country or region of residence');
  await residence.locator(`option[value="${input.residence}"]`).waitFor({ state: 'attached' });
  await residence.selectOption(input.residence);
  await page.getByLabel('I confirm that I live in the country or region chosen above.').check();
}

/**
 * Logs in on an open login page (or a login form embedded in another flow, e.g. the Telegram Mini App)
 * with an e-mail and password. When the server asks for the code (a new browser, or risk step-up after
 * earlier failed logins from this address), it is read from the outbox.
 */
export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  const accountStep = page.getByRole('heading', { name: 'Your account' });
  await accountStep.waitFor();
  await acceptCookies(page);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const embedded = !new URL(page.url()).pathname.endsWith('/login');
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Log in' }).click();
  await solveCaptchaIfShown(page);
  // Either the code step appears (it may load on demand: a moment with neither step), or the page moves
  // on: off /login, or — for a form embedded in another flow, which never was on /login — the account
  // step has been gone for a while with no code step.
  const codeStep = page.getByRole('heading', { name: 'Enter the verification code' });
  let goneSince = 0;
  for (let i = 0; i < 150; i++) {
    if (await codeStep.isVisible().catch(() => false)) {
      await page.getByLabel('6-digit code').fill(await outboxCode(email, since));
      await page.getByRole('button', { name: 'Verify' }).click();
      await solveCaptchaIfShown(page);
      break;
    }
    if (!embedded && !new URL(page.url()).pathname.endsWith('/login')) break;
    if (embedded && !(await accountStep.isVisible().catch(() => false))) {
      goneSince ||= Date.now();
      if (Date.now() - goneSince > 2_000) break;
    } else {
      goneSince = 0;
    }
    await page.waitForTimeout(100);
  }
}
