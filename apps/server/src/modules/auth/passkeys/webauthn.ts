import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { PasskeyRow } from './repository.ts';

// Loaded on the first passkey request: the library takes longer to load than the rest of the
// server's start-up together, and most instances serve no passkey for a long while.
let library: Promise<typeof import('@simplewebauthn/server')> | undefined;
const webauthn = () => (library ??= import('@simplewebauthn/server'));

/** The relying party is the site at PUBLIC_URL: its host name is the RP ID, its origin the only one accepted. */
function relyingParty(app: FastifyInstance): { rpID: string; origin: string } {
  const url = new URL(app.config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** Options to create a discoverable passkey (so it also signs in without an email). */
export async function registrationOptions(
  app: FastifyInstance,
  input: { userId: string; email: string; name: string; existing: PasskeyRow[] },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: 'Formsmith',
    rpID: relyingParty(app).rpID,
    userName: input.email,
    userDisplayName: input.name,
    userID: new TextEncoder().encode(input.userId),
    attestationType: 'none',
    excludeCredentials: input.existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

/** Checks a new credential against the challenge; null when it does not verify. */
export async function verifyRegistration(
  app: FastifyInstance,
  input: { response: unknown; expectedChallenge: string },
) {
  const { rpID, origin } = relyingParty(app);
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const result = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    return result.verified ? result.registrationInfo : null;
  } catch (err) {
    app.log.info({ err }, 'passkey registration refused');
    return null;
  }
}

/**
 * Options to sign in with a passkey: the user's own passkeys for a second factor, or any
 * discoverable one (and user verification, which makes it two factors in one) without `allow`.
 */
export async function authenticationOptions(
  app: FastifyInstance,
  allow: PasskeyRow[] | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: relyingParty(app).rpID,
    allowCredentials: allow?.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: allow ? 'preferred' : 'required',
  });
}

/** Checks a passkey's signature over the challenge; the new signature counter, or null. */
export async function verifyAuthentication(
  app: FastifyInstance,
  input: {
    response: unknown;
    expectedChallenge: string;
    passkey: PasskeyRow;
    requireUserVerification: boolean;
  },
): Promise<{ newCounter: number } | null> {
  const { rpID, origin } = relyingParty(app);
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const result = await verifyAuthenticationResponse({
      response: input.response as AuthenticationResponseJSON,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: input.requireUserVerification,
      credential: {
        id: input.passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(input.passkey.publicKey, 'base64url')),
        counter: input.passkey.counter,
        transports: input.passkey.transports,
      },
    });
    return result.verified ? { newCounter: result.authenticationInfo.newCounter } : null;
  } catch (err) {
    app.log.info({ err }, 'passkey sign-in refused');
    return null;
  }
}
