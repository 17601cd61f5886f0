import { type DomainEntry, formPublicUrl } from '@formsmith/core/workspaces/domains';
import type { DbOrTx } from '../../../db/client.ts';
import { type DomainRow, listAllDomains } from './repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's custom domains, in memory (decorated by plugins/host-routing.ts). */
    customDomains: CustomDomainTable;
  }
}

/** How often an instance re-reads the table, for the changes another instance made. */
export const DOMAIN_TABLE_REFRESH_MS = 30_000;

/**
 * The instance's custom domains in memory. Every request asks it which host it came in on, the
 * submit included, so it never asks the database: it is loaded at start, loaded again by every
 * change made through this instance, and every 30 s for changes made through another.
 */
export class CustomDomainTable {
  private byHost = new Map<string, DomainRow>();
  private byWorkspace = new Map<number, DomainEntry[]>();

  constructor(private readonly publicUrl: string) {}

  async reload(db: DbOrTx): Promise<void> {
    const rows = await listAllDomains(db);
    const byHost = new Map<string, DomainRow>();
    const byWorkspace = new Map<number, DomainEntry[]>();
    for (const row of rows.sort((a, b) => a.host.localeCompare(b.host))) {
      byHost.set(row.host, row);
      const list = byWorkspace.get(row.workspaceId) ?? [];
      list.push({ host: row.host, formId: row.formId });
      byWorkspace.set(row.workspaceId, list);
    }
    this.byHost = byHost;
    this.byWorkspace = byWorkspace;
  }

  /** The custom domain a host name (lower-case, no port) is, if any. */
  find(host: string): DomainRow | undefined {
    return this.byHost.get(host);
  }

  hostsOf(workspaceId: number): readonly DomainEntry[] {
    return this.byWorkspace.get(workspaceId) ?? [];
  }

  /** The form's public address (core's formPublicUrl over its workspace's hosts). */
  formUrl(form: { id: number; slug: string | null; workspaceId: number }): string {
    return formPublicUrl({ form, hosts: this.hostsOf(form.workspaceId), publicUrl: this.publicUrl });
  }
}

/** What builds a form's links: the domain table, or anything that answers a form's address. */
export type FormLinks = Pick<CustomDomainTable, 'formUrl'>;
