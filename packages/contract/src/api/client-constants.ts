// The client's timings and limits of spec §9. Apart from client-policy.ts on purpose: that module
// builds tables from the whole ret_code catalogue, and a page that needs only a timeout should not
// download the catalogue with it.

/** Client response-cache time to live (spec §9): 60 s, at most 20 memory entries. */
export const RESPONSE_CACHE_TTL_MS = 60_000;
export const RESPONSE_CACHE_MAX_ENTRIES = 20;
/** The profile request is cached for 10 s (spec §7, §9). */
export const PROFILE_CACHE_TTL_MS = 10_000;
/** HTTP timeout of the envelope client (spec §9). */
export const HTTP_TIMEOUT_MS = 30_000;
/** Requests slower than this are reported (spec §8, §9). */
export const SLOW_REQUEST_MS = 5_000;
/** 10006 toast: shown 2 s, at most once per 10 s (spec §8, §9). */
export const SESSION_EXPIRED_TOAST_MS = 2_000;
export const SESSION_EXPIRED_TOAST_THROTTLE_MS = 10_000;
/** Default error toast duration (spec §8 "Others"). */
export const ERROR_TOAST_MS = 5_000;
/**
 * Spec §9: the self-unban window opens 24 h after `baned_time` (web ban flow and the server's
 * self-unblock). Here, not beside the ban schemas in login.ts: a page importing it must not pull zod.
 */
export const SELF_UNBAN_WINDOW_MS = 86_400_000;

/** The risk scene of `POST /user/public/risk/default-intercept` (login page, before the form). */
export const LOGIN_RISK_SCENE = 30002;
