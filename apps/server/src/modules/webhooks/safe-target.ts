import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type CheckedTarget = { url: URL; address: string; family: 4 | 6 };

/** Why a target was refused; the message is shown to the owner in the delivery log. */
export class RefusedTargetError extends Error {}

/**
 * Only ordinary public unicast addresses are allowed: ipaddr.js classifies loopback, private,
 * link-local (which holds the cloud metadata address 169.254.169.254), carrier-grade NAT,
 * multicast, unique-local IPv6 (fd00:ec2::254 is another metadata address) and the reserved ranges.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

function hostOf(url: URL): string {
  // URL keeps IPv6 literals in brackets.
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Resolves the target and checks every address it resolves to (one bad address refuses it, so a
 * name cannot mix a public and a private answer); the caller then connects to the address
 * returned here, never resolving again, so a second DNS answer cannot point elsewhere.
 */
export async function checkTarget(raw: string, opts: { allowPrivate: boolean }): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedTargetError('The URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RefusedTargetError('Only http:// and https:// URLs are allowed');
  }
  const host = hostOf(url);
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new RefusedTargetError(`The host name ${host} could not be resolved`);
      });
  if (addresses.length === 0) throw new RefusedTargetError(`The host name ${host} could not be resolved`);
  if (!opts.allowPrivate) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      throw new RefusedTargetError(
        `${refused.address} is a private, loopback or reserved address; webhooks only go to public addresses`,
      );
    }
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
