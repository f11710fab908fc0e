import * as registrationCalls from '@gatehouse/contract/endpoints/registration';
import {
  HEADER,
  type CodeSentResult,
  type EncryptedPassword,
  type PlatformKind,
  type RegisterInfoResult,
  type RegisterRecallResult,
  type SignupChannel,
} from '@gatehouse/contract';
import { FEATURE_CONFIG_KEY } from '@gatehouse/contract/feature-flags';
import { api } from '../../api';
import type { Identifier } from '../../lib/auth/identifier';
import { fetchWebConfig } from '../../lib/web-config/fetch-web-config';

// Sign-up calls (spec §4 registration steps, §7; contract api/register.ts; docs/flows/registration.md).

/** What every start call carries besides the identifier: residence (§5), page language, platform, UI variant. */
export interface StartFields {
  residence_country?: string | undefined;
  lang: string;
  platform: PlatformKind;
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

/** `registerInfo`: the code (or link) goes out. `captcha` is where its result goes. */
export async function startRegistration(
  identifier: Identifier,
  fields: StartFields,
  verifyType: 'code' | 'link',
  channel: SignupChannel,
  captcha: Record<string, unknown> = {},
): Promise<RegisterInfoResult> {
  return keepBinding(
    must(
      await api.call(
        registrationCalls.registerInfo,
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
    await api.call(registrationCalls.registerVerify, { uuid, ...proof }, { hideError: quiet, ...bound() }),
  );
}

/** The link variant's poll; quiet (a failed poll is retried, not shown). */
export async function registrationVerified(uuid: string): Promise<boolean> {
  const answer = await api.call(
    registrationCalls.registerVerifyResult,
    { uuid },
    { hideError: true, ...bound() },
  );
  return answer?.result.verify_result === 1;
}

export async function setRegistrationPassword(
  uuid: string,
  password: EncryptedPassword,
  channel: SignupChannel,
) {
  return must(await api.call(registrationCalls.registerPassword, { uuid, ...password, ...channel }, bound()));
}

export async function resendRegistration(uuid: string): Promise<CodeSentResult> {
  return must(await api.call(registrationCalls.registerResend, { uuid }, bound()));
}

/**
 * Quiet: an unknown or expired uuid just starts over; one started in another browser answers
 * REGISTER_FLOW_NOT_BOUND (the caller says where to continue).
 */
export async function recallRegistration(uuid: string): Promise<RegisterRecallResult> {
  return must(await api.call(registrationCalls.registerRecall, { uuid }, { hideError: true, ...bound() }));
}

/** Old UI: `POST /verify/register/email|mobile` sends a code keyed by the identifier. */
export async function sendOneShotCode(
  identifier: Identifier,
  fields: StartFields,
  captcha: Record<string, unknown> = {},
) {
  const answer =
    'email' in identifier
      ? await api.call(
          registrationCalls.verifyRegisterEmail,
          { ...identifier, ...fields, ...captcha },
          bound(),
        )
      : await api.call(
          registrationCalls.verifyRegisterMobile,
          { ...identifier, ...fields, ...captcha },
          bound(),
        );
  return keepBinding(must<CodeSentResult>(answer));
}

/** Old UI: `registerEmail` / `registerMobile`, or `registerCompliance` on regulated sites. */
export async function commitOneShot(
  identifier: Identifier,
  regulated: boolean,
  body: StartFields & EncryptedPassword & { verify_code: string } & SignupChannel,
) {
  const sent = { ...identifier, ...body };
  if (regulated) {
    // The regulated form always asks for residence; without one the server answers ParamsInvalid
    // (the empty field is dropped before sending, spec §5), exactly as if it were left out.
    const compliance = { ...sent, residence_country: body.residence_country ?? '' };
    return must(await api.call(registrationCalls.registerCompliance, compliance, bound()));
  }
  return must(
    'email' in identifier
      ? await api.call(registrationCalls.registerEmail, { ...body, ...identifier }, bound())
      : await api.call(registrationCalls.registerMobile, { ...body, ...identifier }, bound()),
  );
}

/** The `register_ui` web config entry; undefined when the call or the entry is missing. */
export async function fetchRegisterUiConfig(): Promise<unknown> {
  return (await fetchWebConfig()).get(FEATURE_CONFIG_KEY.REGISTER_UI);
}
