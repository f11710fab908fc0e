/**
 * The ret_code catalogue (spec §8), one exported constant per code, read as `RetCode.Name` through
 * the namespace `ret-codes.ts` makes of this module. Constants rather than one object: a page's
 * bundle then carries only the codes it names (the login page-load budget, ADR 0009).
 *
 * Codes the spec names but does not explain (marked "Gatehouse meaning") get the meaning that fits
 * the client behaviour the spec gives them; the comment says so, so nobody mistakes it for an
 * upstream definition.
 */
export const Ok = 0;
/** Client side only: network or CORS failure, or a reply without an error payload. */
export const Network = -200;

// 10xxx: protocol and session.
export const InternalError = 10000;
export const ParamsInvalid = 10001;
/** Used by affiliate calls: no such affiliate (silent on those calls). */
export const NotFound = 10002;
export const RouteNotFound = 10003;
export const UnsupportedMediaType = 10004;
export const PayloadTooLarge = 10005;
/** Not logged in, or the session expired: the client runs its session-expiry handler. */
export const SessionExpired = 10006;
/** Treated as success by the client, but its cache entry is dropped. */
export const SuccessNoCache = 10007;
/** A state-changing call came without the non-safelisted `platform` header (CSRF guard). */
export const CsrfRejected = 10008;
/** The cached answer is stale: the client drops the cache entry and rejects silently. */
export const CacheStale = 10009;
/** Too many requests (business throttle or the API rate limit); per-path-type toast. */
export const TooFrequent = 10016;
/** Gatehouse meaning: a captcha must be solved first; the caller shows it, no toast. */
export const CaptchaRequired = 10026;
/** Gatehouse meaning: the feature is not available in this environment (e.g. dev tools in production). */
export const Forbidden = 10030;

// 20xxx: accounts and registration.
/** Sign-up with a mainland-China mail provider is refused. */
export const ChinaMail = 20100;
/**
 * Gatehouse meaning: the authenticator-unbind code cannot be sent by e-mail (the account has no
 * e-mail, or no authenticator is bound). The web shows it as 35300 on that call (spec §8).
 */
export const Unbind2faSendCode = 20035;
export const Unbind2faSendCodeMapped = 35300;
export const AccountExists = 20001;
export const VerifyCodeInvalid = 20002;
export const VerifyCodeExpired = 20003;
/** The registration flow (uuid) is unknown, finished or expired. */
export const RegisterFlowNotFound = 20004;
/** The registration flow is not at the step this call needs. */
export const RegisterStepInvalid = 20005;
export const PasswordTooWeak = 20006;
/** The encrypted password could not be decrypted with this environment's key. */
export const PasswordDecryptFailed = 20007;
/** The timestamp inside the encrypted password is too old or in the future (replay guard). */
export const PasswordTimestampStale = 20008;
export const RegistrationClosed = 20009;
export const RefCodeInvalid = 20010;
/** The mobile number is not a valid number for its calling code (libphonenumber-js). */
export const MobileInvalid = 20011;
/** Too many wrong codes: this code is burnt; ask for a new one. */
export const VerifyCodeAttemptsExceeded = 20012;
/**
 * Gatehouse meaning: the sign-up flow belongs to another browser (the request lacks the flow's
 * HttpOnly binding cookie): continue where it started, or start again. Nothing changed.
 */
export const RegisterFlowNotBound = 20013;

// 30xxx: captcha and risk.
export const CaptchaInvalid = 30001;
export const CaptchaExpired = 30002;
/** Gatehouse meaning: this captcha solution was already used (one solution, one request). */
export const CaptchaReplayed = 30003;
/** Gatehouse meaning: the captcha was solved for another scene than this request's. */
export const CaptchaSceneMismatch = 30004;
/** Gatehouse meaning: this captcha type cannot be issued or verified here (not configured). */
export const CaptchaUnavailable = 30005;
/** Risk control blocked the action (toast 5 s). */
export const RiskBlocked = 30054;
/** Gatehouse meaning: risk control wants an extra verification step; the caller handles it, no toast. */
export const RiskVerificationRequired = 30055;

// 31xxx: login.
/** Wrong account or password (never says which). Result carries pass_err_count. */
export const PasswordWrong = 31002;
export const AccountBanned = 31003;
/** Gatehouse meaning: the QR login code is unknown or expired. */
export const QrCodeExpired = 31010;
/** Gatehouse meaning: the quick-login token is unknown, used or expired. */
export const QuickLoginInvalid = 31011;
export const IpLimit = 31018;
export const TooManyPasswordErrors = 31030;
/** Gatehouse meaning: self-unban is not possible now (not banned, or the window has not opened). */
export const SelfUnbanUnavailable = 31040;
/** Gatehouse meaning: the password-reset token is unknown, used or expired (start the reset again). */
export const PasswordResetExpired = 31050;
export const ConfigStale = 33003;

// 353xx: authenticator (TOTP) two-factor authentication (docs/flows/two-factor.md).
/** Gatehouse meaning: an authenticator is already bound to this account (turn it off first). */
export const TwoFactorAlreadyEnabled = 35301;
/** Gatehouse meaning: no authenticator is bound to this account. */
export const TwoFactorNotEnabled = 35302;
/** Gatehouse meaning: the authenticator set-up was not started or has expired (start again). */
export const TwoFactorSetupExpired = 35303;
/** Gatehouse meaning: this authenticator code was already used; wait for the next one. */
export const TwoFactorCodeReused = 35304;
/** Gatehouse meaning: too many wrong authenticator or backup codes; `{retry_after_seconds}`. */
export const TwoFactorLocked = 35305;
/** Gatehouse meaning: removing the authenticator by e-mail is already scheduled; `{unbind_effective_at}`. */
export const TwoFactorUnbindPending = 35306;
/**
 * Gatehouse meaning: the account has an authenticator, and this way in (Telegram login) proves only
 * one factor: log in with the password and the authenticator.
 */
export const TwoFactorPasswordLoginRequired = 35307;

// 354xx: passkeys (docs/flows/passkeys.md).
/** Gatehouse meaning: the passkey request expired or was already used; start again. */
export const PasskeyChallengeExpired = 35401;
/** Gatehouse meaning: the passkey could not be verified (unknown, another site, a bad signature or counter). */
export const PasskeyRejected = 35402;
/** Gatehouse meaning: the account holds the most passkeys allowed; remove one first. */
export const PasskeyLimit = 35403;
/** Gatehouse meaning: no such passkey on this account. */
export const PasskeyNotFound = 35404;
// 355xx: the account's sessions and security settings (docs/flows/sessions.md).
/** Gatehouse meaning: no such active session on this account (ended already, or never this account's). */
export const SessionNotFound = 35501;

// 4xxxx: third parties, KYC and site rules.
export const ThirdPartyNotBound = 40004;
/** Gatehouse meaning: the third-party (social) login token could not be verified. */
export const ThirdPartyAuthFailed = 40005;
/** Gatehouse meaning: this sign-in provider (Google, Apple) is not switched on for this site. */
export const ThirdPartyProviderOff = 40006;
/**
 * Gatehouse meaning: the third-party sign-in attempt is unknown, expired or already used (state or
 * ticket missing, mismatched or replayed): start again.
 */
export const ThirdPartyStateInvalid = 40007;
/** Gatehouse meaning: this Google or Apple account is already linked to another account. */
export const ThirdPartyAlreadyBound = 40008;
/** Gatehouse meaning: unbinding would leave the account without any way to log in. */
export const ThirdPartyLastLoginMethod = 40009;
export const AccountTerminated = 40029;
export const PhoneLimit = 41007;
export const NoKycTurkey = 41102;
export const DifferentInfo = 41103;
export const AccountAlreadyBound = 41104;
export const AccountNotBound = 41105;
/** Gatehouse meaning: the account belongs to another regional site. */
export const AccountSiteMismatch = 41106;
export const MainSiteNoKyc = 41107;
/** Gatehouse meaning: the KYC country is not served by this site. */
export const KycCountryRestricted = 41108;
/** Gatehouse meaning: EU site, residence in the EEA not confirmed (euSiteNoEuResidenceConfirm modal). */
export const EuSiteResidenceUnconfirmed = 41121;
/** Gatehouse meaning: main site, the visitor is an EEA resident (mainSiteEuResidenceConfirm modal). */
export const MainSiteEeaResident = 41122;
/** Gatehouse meaning: Georgian residence not confirmed (ResidenceConfirm modal). */
export const GeorgiaResidenceUnconfirmed = 41123;
/** Gatehouse meaning: UAE residence not confirmed (AeResidenceConfirm modal). */
export const UaeResidenceUnconfirmed = 41125;
/** Gatehouse meaning: the country of residence is blocked (spec §6 list). */
export const ResidenceCountryBlocked = 41126;
/** Gatehouse meaning: the country of residence is served by another site. */
export const ResidenceCountryRedirect = 41127;
/** Gatehouse meaning: residence was not confirmed at all. */
export const ResidenceNotConfirmed = 41128;
/** Gatehouse meaning: OAuth client_id unknown or disabled. */
export const OAuthClientInvalid = 42001;
/** Gatehouse meaning: redirect_uri is not registered for the client. */
export const OAuthRedirectUriInvalid = 42002;
/** Gatehouse meaning: requested scope is not allowed for the client. */
export const OAuthScopeInvalid = 42003;
/** Gatehouse meaning: the authorization request is unknown or expired. */
export const OAuthRequestExpired = 42004;
/** Gatehouse meaning: response_type is not `code` (no implicit grant); result.error unsupported_response_type. */
export const OAuthResponseTypeUnsupported = 42005;
/** Gatehouse meaning: PKCE missing or not S256 (RFC 7636, RFC 9700); result.error invalid_request. */
export const OAuthPkceRequired = 42006;
/** Gatehouse meaning: Telegram login data failed its signature check. */
export const TelegramAuthInvalid = 43001;
/** Gatehouse meaning: Telegram login data is too old (auth_date). */
export const TelegramAuthExpired = 43002;
/** Gatehouse meaning: this Telegram account is already bound to another account. */
export const TelegramAlreadyBound = 43003;
/** Gatehouse meaning: no Telegram account is bound to this account. */
export const TelegramNotBound = 43004;
/** Gatehouse meaning: this account already has another Telegram account bound (unbind it first). */
export const TelegramAccountAlreadyLinked = 43005;
/**
 * Gatehouse meaning: binding or unbinding Telegram needs the password again (the session is older
 * than the re-authentication window; ASVS 7.5.1). Result: `{reauth: 'password', window_seconds}`.
 */
export const TelegramReauthRequired = 43006;
/** Gatehouse meaning: Telegram is not configured on this server (no bot token). */
export const TelegramUnavailable = 43007;

// 5xxxx: upstream.
export const SystemBusy = 50002;
export const UtaUpgradeError = 50101;

// 400xxx: region and login-site rules.
/** Gatehouse meaning: a Hong Kong account is logging in on a non-Hong Kong site (mismatch modal). */
export const HkAccountOnOtherSite = 400601;
/** Gatehouse meaning: a non-Hong Kong account is logging in on the Hong Kong site (mismatch modal). */
export const OtherAccountOnHkSite = 400602;
/** Gatehouse meaning: the account's region does not allow this site (generic modal). */
export const RegionAccountRestricted = 400605;
/** Gatehouse meaning: registration from this region is not allowed on this site (generic modal). */
export const RegionRegistrationRestricted = 400606;
/** Gatehouse meaning: login from this region is not allowed on this site. */
export const RegionLoginRestricted = 400607;

// 6xxxxx: affiliates.
export const AffiliateNotFound = 610016;
export const AffiliateDisabled = 610017;
/** Gatehouse meaning: `POST /s1/code/info` knows no referral, affiliate or broker code by that name. */
export const RefCodeNotFound = 610018;
