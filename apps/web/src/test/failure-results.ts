import type {
  BanInfo,
  InternalErrorResult,
  ipLimitResultSchema,
  LoginLockedResult,
  OAuthErrorResult,
  ParamsInvalidResult,
  PasswordWrongResult,
  RetCode,
  RetCodeValue,
  SocialNotBoundResult,
  telegramReauthRequiredResultSchema,
  ThirdPartyNotBoundResult,
  tooFrequentResultSchema,
  verifyCodeWrongResultSchema,
} from '@gatehouse/contract';

/** What a schema parses to, without importing zod (the web does not depend on it). */
type Parsed<Schema extends { parse(data: unknown): unknown }> = ReturnType<Schema['parse']>;

type OAuthCode =
  | typeof RetCode.OAuthClientInvalid
  | typeof RetCode.OAuthRedirectUriInvalid
  | typeof RetCode.OAuthScopeInvalid
  | typeof RetCode.OAuthRequestExpired
  | typeof RetCode.OAuthResponseTypeUnsupported
  | typeof RetCode.OAuthPkceRequired;

/**
 * The `result` the contract documents for a failure code, so a fake's failure carries the shape the
 * server answers (a code absent here carries whatever the test gives; the server's is `null`).
 */
type KnownFailureResults = { [Code in OAuthCode]: OAuthErrorResult } & {
  [RetCode.InternalError]: InternalErrorResult;
  [RetCode.ParamsInvalid]: ParamsInvalidResult;
  [RetCode.TooFrequent]: Parsed<typeof tooFrequentResultSchema>;
  [RetCode.VerifyCodeInvalid]: Parsed<typeof verifyCodeWrongResultSchema>;
  [RetCode.PasswordWrong]: PasswordWrongResult;
  [RetCode.AccountBanned]: BanInfo;
  [RetCode.IpLimit]: Parsed<typeof ipLimitResultSchema>;
  [RetCode.TooManyPasswordErrors]: LoginLockedResult;
  // Telegram's pending bind, or Google's / Apple's (social-login.ts).
  [RetCode.ThirdPartyNotBound]: ThirdPartyNotBoundResult | SocialNotBoundResult;
  [RetCode.TelegramReauthRequired]: Parsed<typeof telegramReauthRequiredResultSchema>;
};

/** The `result` a failure with `Code` may carry: its documented shape, or null (some throws give none). */
export type FailureResultOf<Code extends RetCodeValue> = Code extends keyof KnownFailureResults
  ? KnownFailureResults[Code] | null
  : unknown;
