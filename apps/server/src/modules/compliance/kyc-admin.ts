import type { Account, AccountsRepository } from '../accounts/accounts.repository.js';

/** The highest KYC level recorded (the exchange's levels 1 and 2; 0 = not verified). */
export const MAX_KYC_LEVEL = 2;

export interface KycInput {
  level: number;
  /** Alpha-2; required when level > 0, ignored (cleared) when level is 0. */
  country: string | null;
}

/** A mistake of the caller's (unknown account, bad level or country): said without a stack. */
export class KycAdminError extends Error {
  override name = 'KycAdminError';
  constructor(
    message: string,
    readonly kind: 'no-account' | 'invalid',
  ) {
    super(message);
  }
}

/**
 * Record an account's KYC result (docs/flows/compliance.md): the KYC service's internal call and the
 * operator CLI (`npm run kyc`) both come through here. Accounts are named by id or e-mail.
 */
export function createKycAdmin(accounts: AccountsRepository) {
  const find = async (target: string): Promise<Account> => {
    const name = target.trim();
    const account = /^\d{10}$/.test(name) ? await accounts.findById(name) : await accounts.findByEmail(name);
    if (!account)
      throw new KycAdminError(
        `no account ${JSON.stringify(name)} (give an account id or an e-mail)`,
        'no-account',
      );
    return account;
  };
  return {
    find,
    async set(target: string, input: KycInput): Promise<Account> {
      if (!Number.isInteger(input.level) || input.level < 0 || input.level > MAX_KYC_LEVEL) {
        throw new KycAdminError(`level must be 0-${MAX_KYC_LEVEL}`, 'invalid');
      }
      const country = input.level === 0 ? null : (input.country?.trim().toUpperCase() ?? '');
      if (country !== null && !/^[A-Z]{2}$/.test(country)) {
        throw new KycAdminError('a verified level needs the KYC country (ISO 3166-1 alpha-2)', 'invalid');
      }
      const account = await find(target);
      if (!(await accounts.setKyc(account.id, { level: input.level, country }))) {
        throw new KycAdminError(`account ${account.id} is gone`, 'no-account');
      }
      return {
        ...account,
        kycLevel: input.level,
        memberTagKyc: input.level > 0 ? 1 : 0,
        kycCountry: country,
      };
    },
  };
}
