import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_MAX_PER_ACCOUNT,
  RetCode,
  type EncryptedPassword,
  type Environment,
  type PasskeyCeremony,
  type PasskeyInfo,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import type { KvStore } from '../../plugins/kv.js';
import type { Account, AccountsRepository } from '../accounts/accounts.repository.js';
import type { Delivery, DeliveryKind } from '../delivery/delivery-types.js';
import type { ProvePassword } from '../two-factor/password-proof.js';
import type { PasskeyRecord, PasskeysRepository } from './passkeys.repository.js';

export interface PasskeysDeps {
  repo: PasskeysRepository;
  accounts: Pick<AccountsRepository, 'findById'>;
  kv: KvStore;
  delivery: Delivery;
  provePassword: ProvePassword;
  /** Shown by the browser while it makes a passkey (the brand name). */
  rpName: string;
  log: { warn(obj: object, msg: string): void };
  /** Read on every call, so a test's fake clock applies. */
  now: () => number;
}

/** Where the ceremony runs: the site host is the RP ID, the page's origin the expected origin. */
export interface PasskeySite {
  rpId: string;
  origin: string;
  env: Environment;
}

/** Who asks: the device (Guid) a ceremony is bound to, and the address for the password re-check. */
export interface PasskeyClient {
  ip: string;
  guid: string | null;
}

/** A ceremony kept in the store until its answer arrives: taken (deleted) by the first answer. */
interface Ceremony {
  challenge: string;
  /** The account a registration is for; null for a login (the passkey names its account). */
  userId: string | null;
  rpId: string;
  origin: string;
  guid: string | null;
  expiresAt: number;
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));
const validChallengeId = (id: string) => /^[A-Za-z0-9_-]{16,64}$/.test(id);
const rejected = () => new ApiError(RetCode.PasskeyRejected);
const expired = () => new ApiError(RetCode.PasskeyChallengeExpired);

export const infoOf = (p: PasskeyRecord): PasskeyInfo => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt,
  last_used_at: p.lastUsedAt,
  synced: p.backedUp,
});

/**
 * Passkeys (docs/flows/passkeys.md) through `@simplewebauthn/server`. Every ceremony's challenge is
 * kept in the shared store and taken (read-and-delete, one atomic step) by the first answer, right or
 * wrong: an answer is checked against a challenge no other request can also hold, so a replayed or
 * parallel-replayed assertion finds nothing. The signature counter moves by compare-and-set.
 */
export function createPasskeysService(deps: PasskeysDeps) {
  const { repo, kv } = deps;
  const regKey = (id: string) => `passkey:reg:${id}`;
  const authKey = (id: string) => `passkey:auth:${id}`;

  const accountOf = async (userId: string) => {
    const account = await deps.accounts.findById(userId);
    if (!account) throw new ApiError(RetCode.SessionExpired);
    return account;
  };

  /** A notice after the change is made: a failed send is logged, never undoes the change. */
  const notify = async (account: Account, kind: DeliveryKind, locale: string | null, name: string) => {
    const contact = account.email
      ? { channel: 'email' as const, to: account.email }
      : account.mobile
        ? { channel: 'sms' as const, to: account.mobile }
        : null;
    if (!contact) return;
    try {
      await deps.delivery.send({ ...contact, kind, locale: locale ?? account.lang, vars: { name } });
    } catch (err) {
      deps.log.warn({ err, kind, userId: account.id }, 'passkey notice not sent');
    }
  };

  const keep = async (key: (id: string) => string, ceremony: Omit<Ceremony, 'expiresAt'>) => {
    const id = randomBytes(24).toString('base64url');
    const stored: Ceremony = { ...ceremony, expiresAt: deps.now() + PASSKEY_CHALLENGE_TTL_MS };
    await kv.set(key(id), JSON.stringify(stored), PASSKEY_CHALLENGE_TTL_MS);
    return id;
  };

  /**
   * The ceremony, taken from the store: gone for everyone else from here on. Expired (on our
   * clock), from another device, or begun on another site host: as if it never existed.
   */
  const takeCeremony = async (key: string, site: PasskeySite, guid: string | null) => {
    const raw = await kv.take(key);
    const ceremony = raw === null ? null : (JSON.parse(raw) as Ceremony);
    if (
      !ceremony ||
      ceremony.expiresAt <= deps.now() ||
      ceremony.guid !== guid ||
      ceremony.rpId !== site.rpId ||
      ceremony.origin !== site.origin
    ) {
      throw expired();
    }
    return ceremony;
  };

  const defaultName = (account: Account, count: number) =>
    `${account.email ?? account.mobile ?? 'Passkey'} #${count + 1}`;

  return {
    async list(userId: string): Promise<PasskeyInfo[]> {
      return (await repo.listByUser(userId)).map(infoOf);
    },

    /** Registration, step 1: the password again, then options for `navigator.credentials.create`. */
    async registrationOptions(
      userId: string,
      site: PasskeySite,
      proof: EncryptedPassword,
      client: PasskeyClient,
    ): Promise<PasskeyCeremony> {
      const account = await accountOf(userId);
      await deps.provePassword(account, site.env, proof, client);
      const held = await repo.listByUser(userId);
      if (held.length >= PASSKEY_MAX_PER_ACCOUNT) throw new ApiError(RetCode.PasskeyLimit);
      const label = account.email ?? account.mobile ?? account.id;
      const options = await generateRegistrationOptions({
        rpName: deps.rpName,
        rpID: site.rpId,
        userName: label,
        userDisplayName: label,
        // The account id: the login reads it back as the assertion's user handle.
        userID: new TextEncoder().encode(account.id),
        attestationType: 'none',
        timeout: PASSKEY_CHALLENGE_TTL_MS,
        // Already on this account, for this site: the browser will not make a second one on them.
        excludeCredentials: held
          .filter((p) => p.rpId === site.rpId)
          .map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransportFuture[] })),
        // A discoverable credential that verifies its user: what makes it a passkey, and two factors.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const id = await keep(regKey, {
        challenge: options.challenge,
        userId,
        rpId: site.rpId,
        origin: site.origin,
        guid: client.guid,
      });
      return { challenge_id: id, options: { ...options }, expires_in: seconds(PASSKEY_CHALLENGE_TTL_MS) };
    },

    /** Registration, step 2: the browser's new credential; kept, and the account told by mail. */
    async register(
      userId: string,
      site: PasskeySite,
      input: { challenge_id: string; credential: RegistrationResponseJSON; name?: string | undefined },
      client: PasskeyClient,
      locale: string | null,
    ): Promise<PasskeyInfo> {
      if (!validChallengeId(input.challenge_id)) throw expired();
      const ceremony = await takeCeremony(regKey(input.challenge_id), site, client.guid);
      if (ceremony.userId !== userId) throw expired();
      const account = await accountOf(userId);
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: input.credential,
          expectedChallenge: ceremony.challenge,
          expectedOrigin: ceremony.origin,
          expectedRPID: ceremony.rpId,
          requireUserVerification: true,
        });
      } catch {
        throw rejected();
      }
      if (!verification.verified) throw rejected();
      const info = verification.registrationInfo;
      const now = deps.now();
      const record = {
        id: info.credential.id,
        userId,
        rpId: ceremony.rpId,
        publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        signCount: info.credential.counter,
        transports: (input.credential.response.transports ?? []).slice(0, 8),
        name: input.name ?? defaultName(account, (await repo.listByUser(userId)).length),
        backedUp: info.credentialBackedUp,
        aaguid: info.aaguid,
        createdAt: now,
      };
      const outcome = await repo.add(record, PASSKEY_MAX_PER_ACCOUNT, now);
      if (outcome === 'limit') throw new ApiError(RetCode.PasskeyLimit);
      // The same credential twice (on this account or another): refused, the first one stays.
      if (outcome === 'duplicate') throw rejected();
      await notify(account, 'passkey-added', locale, record.name);
      return infoOf({ ...record, lastUsedAt: null });
    },

    async rename(userId: string, id: string, name: string): Promise<PasskeyInfo> {
      if (!(await repo.rename(userId, id, name))) throw new ApiError(RetCode.PasskeyNotFound);
      const renamed = await repo.find(id);
      if (!renamed) throw new ApiError(RetCode.PasskeyNotFound);
      return infoOf(renamed);
    },

    /** Removal: the password again (a stolen session cannot take the owner's way in away quietly). */
    async remove(
      userId: string,
      id: string,
      site: PasskeySite,
      proof: EncryptedPassword,
      client: PasskeyClient,
      locale: string | null,
    ): Promise<void> {
      const account = await accountOf(userId);
      const passkey = await repo.find(id);
      if (!passkey || passkey.userId !== userId) throw new ApiError(RetCode.PasskeyNotFound);
      await deps.provePassword(account, site.env, proof, client);
      if (!(await repo.remove(userId, id))) throw new ApiError(RetCode.PasskeyNotFound);
      await notify(account, 'passkey-removed', locale, passkey.name);
    },

    /** Login, step 1: options for `navigator.credentials.get` (any passkey of this site: discoverable). */
    async loginOptions(site: PasskeySite, client: PasskeyClient): Promise<PasskeyCeremony> {
      const options = await generateAuthenticationOptions({
        rpID: site.rpId,
        userVerification: 'required',
        timeout: PASSKEY_CHALLENGE_TTL_MS,
      });
      const id = await keep(authKey, {
        challenge: options.challenge,
        userId: null,
        rpId: site.rpId,
        origin: site.origin,
        guid: client.guid,
      });
      return { challenge_id: id, options: { ...options }, expires_in: seconds(PASSKEY_CHALLENGE_TTL_MS) };
    },

    /**
     * Login, step 2: the assertion. The challenge is taken first (once, whatever follows); then the
     * passkey of this site, its signature, user verification and counter. Answers the account id;
     * the login routes start the session (two factors: no authenticator step).
     */
    async verifyLogin(
      site: PasskeySite,
      input: { challenge_id: string; credential: AuthenticationResponseJSON },
      client: PasskeyClient,
    ): Promise<string> {
      if (!validChallengeId(input.challenge_id)) throw expired();
      const ceremony = await takeCeremony(authKey(input.challenge_id), site, client.guid);
      const passkey = await repo.find(input.credential.id);
      if (!passkey || passkey.rpId !== ceremony.rpId) throw rejected();
      const handle = input.credential.response.userHandle;
      if (handle !== undefined && isoBase64URL.toUTF8String(handle) !== passkey.userId) throw rejected();
      let verification;
      try {
        verification = await verifyAuthenticationResponse({
          response: input.credential,
          expectedChallenge: ceremony.challenge,
          expectedOrigin: ceremony.origin,
          expectedRPID: ceremony.rpId,
          requireUserVerification: true,
          credential: {
            id: passkey.id,
            publicKey: isoBase64URL.toBuffer(passkey.publicKey),
            counter: passkey.signCount,
            transports: passkey.transports as AuthenticatorTransportFuture[],
          },
        });
      } catch {
        // A bad signature, another origin or RP, no user verification, or a counter that did not
        // rise (a cloned authenticator, or an old assertion): the library throws for each.
        throw rejected();
      }
      if (!verification.verified) throw rejected();
      const next = verification.authenticationInfo.newCounter;
      if (!(await repo.recordUse(passkey.id, passkey.signCount, next, deps.now()))) throw rejected();
      return passkey.userId;
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
