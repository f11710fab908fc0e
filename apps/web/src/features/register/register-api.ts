import {
  HEADER,
  type CodeSentResult,
  type EncryptedPassword,
  type RegisterDoneResult,
  type RegisterInfoResult,
  type RegisterRecallResult,
  type RegisterVerifyResult,
  type SignupChannel,
} from '@gatehouse/contract';
import { api } from '../../api';
import type { Identifier } from '../auth-common/identifier';

/** Sign-up calls (spec §4 registration steps, §7; contract api/register.ts; docs/flows/registration.md). */
export const REGISTER_INFO_PATH = '/user/public/register/info';
export const REGISTER_VERIFY_PATH = '/user/public/register/verify';
export const REGISTER_VERIFY_RESULT_PATH = '/user/public/register/verify/result';
export const REGISTER_PASSWORD_PATH = '/user/public/register/password';
export const REGISTER_RESEND_PATH = '/user/public/register/send/verify/item';
export const REGISTER_RECALL_PATH = '/user/public/register/recall/info';
export const ONE_SHOT_SEND_PATH = {
  email: '/verify/register/email',
  mobile: '/verify/register/mobile',
} as const;
export const ONE_SHOT_COMMIT_PATH = { email: '/register/email', mobile: '/register/mobile' } as const;
export const REGISTER_COMPLIANCE_PATH = '/user/public/register_compliance';
/** The web config call and its project (contract rules/captcha-web-config.ts uses the same). */
export const WEB_CONFIG_PATH = '/v3/config/web';
export const WEB_CONFIG_PROJECT = 'gatehouse';
export const REGISTER_UI_CONFIG_KEY = 'register_ui';

/** What every start call carries besides the identifier: residence (§5), page language, platform, UI variant. */
export interface StartFields {
  residence_country?: string | undefined;
  lang: string;
  platform: string;
  version: string;
}

const must = <T>(answer: { result: T } | null): T => {
  if (!answer) throw new Error('no answer');
  return answer.result;
};

/**
 * The sign-up flow's binding when the server handed it over (header transport: the Telegram Mini
 * App in a cross-site frame, where our cookie does not travel). Everyone else has it in an
 * HttpOnly cookie the page never sees. Memory only, like the session token (api/token-store.ts).
 */
let binding: string | undefined;

function keepBinding<T extends { signup_binding?: string | undefined }>(result: T): T {
  if (result.signup_binding) binding = result.signup_binding;
  return result;
}

/** Headers of every sign-up call: the binding, when this page holds it. */
const bound = () => (binding ? { headers: { [HEADER.SIGNUP_BINDING]: binding } } : {});

/** Tests: forget the binding. */
export function resetRegistrationBinding(): void {
  binding = undefined;
}

/** `POST /user/public/register/info`: the code (or link) goes out. `captcha` is where its result goes. */
export async function startRegistration(
  identifier: Identifier,
  fields: StartFields,
  verifyType: 'code' | 'link',
  channel: SignupChannel,
  captcha: Record<string, unknown> = {},
): Promise<RegisterInfoResult> {
  return keepBinding(
    must(
      await api.post<RegisterInfoResult>(
        REGISTER_INFO_PATH,
        { ...identifier, ...fields, verify_type: verifyType, ...channel, ...captcha },
        bound(),
      ),
    ),
  );
}

/** `quiet`: the caller shows every failure itself (the link landing page). */
export async function verifyRegistration(
  uuid: string,
  proof: { code: string } | { token: string },
  quiet = false,
) {
  return must(
    await api.post<RegisterVerifyResult>(
      REGISTER_VERIFY_PATH,
      { uuid, ...proof },
      { hideError: quiet, ...bound() },
    ),
  );
}

/** The link variant's poll; quiet (a failed poll is retried, not shown). */
export async function registrationVerified(uuid: string): Promise<boolean> {
  const answer = await api.get<RegisterVerifyResult>(
    `${REGISTER_VERIFY_RESULT_PATH}?uuid=${encodeURIComponent(uuid)}`,
    { hideError: true, ...bound() },
  );
  return answer?.result.verify_result === 1;
}

export async function setRegistrationPassword(
  uuid: string,
  password: EncryptedPassword,
  channel: SignupChannel,
) {
  return must(
    await api.post<RegisterDoneResult>(REGISTER_PASSWORD_PATH, { uuid, ...password, ...channel }, bound()),
  );
}

export async function resendRegistration(uuid: string): Promise<CodeSentResult> {
  return must(await api.post<CodeSentResult>(REGISTER_RESEND_PATH, { uuid }, bound()));
}

/**
 * Quiet: an unknown or expired uuid just starts over; one started in another browser answers
 * REGISTER_FLOW_NOT_BOUND (the caller says where to continue).
 */
export async function recallRegistration(uuid: string): Promise<RegisterRecallResult> {
  return must(
    await api.get<RegisterRecallResult>(`${REGISTER_RECALL_PATH}?uuid=${encodeURIComponent(uuid)}`, {
      hideError: true,
      ...bound(),
    }),
  );
}

/** Old UI: `POST /verify/register/email|mobile` sends a code keyed by the identifier. */
export async function sendOneShotCode(
  identifier: Identifier,
  fields: StartFields,
  captcha: Record<string, unknown> = {},
) {
  const path = 'email' in identifier ? ONE_SHOT_SEND_PATH.email : ONE_SHOT_SEND_PATH.mobile;
  return keepBinding(
    must(await api.post<CodeSentResult>(path, { ...identifier, ...fields, ...captcha }, bound())),
  );
}

/** Old UI: `POST /register/email|mobile`, or `/user/public/register_compliance` on regulated sites. */
export async function commitOneShot(
  identifier: Identifier,
  regulated: boolean,
  body: StartFields & EncryptedPassword & { verify_code: string } & SignupChannel,
) {
  const kind = 'email' in identifier ? 'email' : 'mobile';
  const path = regulated ? REGISTER_COMPLIANCE_PATH : ONE_SHOT_COMMIT_PATH[kind];
  return must(await api.post<RegisterDoneResult>(path, { ...identifier, ...body }, bound()));
}

/** The `register_ui` web config entry; undefined when the call or the entry is missing. */
export async function fetchRegisterUiConfig(): Promise<unknown> {
  try {
    const answer = await api.post<{ data: { name: string; value: unknown }[] }>(
      WEB_CONFIG_PATH,
      { project_name: WEB_CONFIG_PROJECT, keys: [REGISTER_UI_CONFIG_KEY] },
      { hideError: true, useCache: true },
    );
    return answer?.result.data?.find((entry) => entry.name === REGISTER_UI_CONFIG_KEY)?.value;
  } catch {
    return undefined;
  }
}
