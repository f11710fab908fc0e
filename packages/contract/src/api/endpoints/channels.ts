import type {
  cabitalPostRegisterRequestSchema,
  cabitalPostRegisterResultSchema,
  commonShareInfoRequestSchema,
  commonShareInfoResultSchema,
  conversionCheckRequestSchema,
  conversionCheckResultSchema,
  koreaHomeRequestSchema,
  koreaHomeResultSchema,
  affiliateAnonymityRequestSchema,
  affiliateAnonymityResultSchema,
  affiliateOpenInfoRequestSchema,
  affiliateOpenInfoResultSchema,
  codeInfoRequestSchema,
  codeInfoResultSchema,
  inviteSummaryRequestSchema,
  inviteSummaryResultSchema,
} from '../channels.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { NO_STORE, type Io } from './shared.js';

// ── Sign-up channels: referral codes, affiliates, brokers (docs/flows/channels.md) ─────────────

export const codeInfo = {
  method: 'POST',
  path: '/s1/code/info',
  public: true,
  cache: NO_STORE,
  codes: ['RefCodeNotFound', 'AffiliateDisabled'],
  schemas: SCHEMA_TYPES as Io<typeof codeInfoRequestSchema, typeof codeInfoResultSchema>,
} as const satisfies Endpoint;

export const affiliateOpenInfo = {
  method: 'POST',
  path: '/affiliate/apis/v1/open-info',
  public: true,
  cache: NO_STORE,
  codes: ['AffiliateNotFound', 'AffiliateDisabled', 'NotFound'],
  schemas: SCHEMA_TYPES as Io<typeof affiliateOpenInfoRequestSchema, typeof affiliateOpenInfoResultSchema>,
} as const satisfies Endpoint;

export const affiliateAnonymity = {
  method: 'POST',
  path: '/affiliate/v5/anonymity',
  public: true,
  cache: NO_STORE,
  codes: ['AffiliateNotFound', 'AffiliateDisabled'],
  schemas: SCHEMA_TYPES as Io<typeof affiliateAnonymityRequestSchema, typeof affiliateAnonymityResultSchema>,
} as const satisfies Endpoint;

export const inviteSummary = {
  method: 'POST',
  path: '/user/private/invite/summary',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof inviteSummaryRequestSchema, typeof inviteSummaryResultSchema>,
} as const satisfies Endpoint;

export const conversionCheck = {
  method: 'POST',
  path: '/user/public/conversion/check',
  public: true,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof conversionCheckRequestSchema, typeof conversionCheckResultSchema>,
} as const satisfies Endpoint;

export const cabitalPostRegister = {
  method: 'POST',
  path: '/v3/private/misc/cabital/post-register',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<
    typeof cabitalPostRegisterRequestSchema,
    typeof cabitalPostRegisterResultSchema
  >,
} as const satisfies Endpoint;

export const commonShareInfo = {
  method: 'GET',
  path: '/fiat/public/channel/common-share-info',
  public: true,
  cache: NO_STORE,
  codes: ['RefCodeNotFound', 'AffiliateDisabled'],
  schemas: SCHEMA_TYPES as Io<typeof commonShareInfoRequestSchema, typeof commonShareInfoResultSchema>,
} as const satisfies Endpoint;

export const koreaHome = {
  method: 'POST',
  path: '/fht/growth/activity-api/v1/korea/home',
  public: true,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof koreaHomeRequestSchema, typeof koreaHomeResultSchema>,
} as const satisfies Endpoint;
