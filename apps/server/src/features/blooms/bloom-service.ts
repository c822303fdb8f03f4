import { BLOOM_NAME_SERVER_MAX, type Bloom, type ListQuery } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Protocol } from '@greenhouse/mtp';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../../lib/auth-context.js';
import { isUuid, OwnedList } from '../../lib/owned-list.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ArtifactFiles } from '../pipeline/artifact-files.js';
import { startPipeline } from '../pipeline/pipeline-jobs.js';
import { trainingLine } from '../pipeline/training-line.js';
import { agentFileSql, readAgentFile, readNormalizedProtocols } from '../pipeline/stage-outputs.js';
import { readStages } from '../pipeline/stages.js';
import { presentBloom, summarize } from './present-bloom.js';
import type { CheckedProtocolFile } from './protocol-file.js';

/**
 * An agent's row with what its presentation needs beyond it, read in the same query (a correlated subquery
 * each): the protocol version in use and whether its agent file exists.
 */
const bloomColumns = {
  ...getTableColumns(schema.blooms),
  protocolVersion: sql<
    number | null
  >`(select max(p.version) from ${schema.bloomProtocols} p where p.bloom_id = ${schema.blooms.id})`,
  hasDownload: agentFileSql(schema.blooms.id),
};
type BloomRow = typeof schema.blooms.$inferSelect & { protocolVersion: number | null; hasDownload: boolean };

/** GET /blooms: the user's agents, filtered by name. */
export const bloomList = new OwnedList<typeof schema.blooms, BloomRow>({
  table: schema.blooms,
  columns: bloomColumns,
  sortColumns: {
    updatedAt: schema.blooms.updatedAt,
    createdAt: schema.blooms.createdAt,
    name: schema.blooms.name,
  },
  search: { field: 'name', column: schema.blooms.name },
});

export class BloomService {
  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly config: Pick<Config, 'agentPriceCents' | 'paymentCurrency'>,
    private readonly files: ArtifactFiles,
  ) {}

  /** Stores a checked protocol as a new agent with its stages, and starts the pipeline, all in one transaction. */
  async create(user: UserRow, file: CheckedProtocolFile, requestedName: string | undefined): Promise<Bloom> {
    const id = await this.db.transaction((tx) => this.insert(tx, user, file, requestedName));
    return this.get(user, id);
  }

  /**
   * The writes of `create` inside the caller's transaction (the chat designer closes its chat in the same
   * one); returns the new agent's id.
   */
  async insert(
    tx: Db,
    user: UserRow,
    file: CheckedProtocolFile,
    requestedName: string | undefined,
  ): Promise<string> {
    const name = (requestedName?.trim() || file.protocol.name).trim();
    if (!name) throw AppError.field('bloom.name_required', 'name');
    if (name.length > BLOOM_NAME_SERVER_MAX)
      throw AppError.field('bloom.name_too_long', 'name', { max: BLOOM_NAME_SERVER_MAX });
    const free = this.config.agentPriceCents === 0;
    const [row] = await tx
      .insert(schema.blooms)
      .values({
        userId: user.id,
        name,
        datasetName: file.fileName,
        priceCents: this.config.agentPriceCents,
        currency: this.config.paymentCurrency,
        // At $0 the agent is paid for at once (the original shows "Total Cost: $0 — PAID").
        paymentStatus: free ? 'paid' : 'not_initialized',
      })
      .returning();
    await tx.insert(schema.bloomProtocols).values({ bloomId: row!.id, version: 1, content: file.content });
    await startPipeline(tx, this.queue, row!.id);
    return row!.id;
  }

  /** The user's own agent; anyone else's is "not found", never "forbidden". */
  private async own(user: UserRow, id: string): Promise<BloomRow> {
    if (!isUuid(id)) throw new AppError('bloom.not_found');
    const [row] = await this.db
      .select(bloomColumns)
      .from(schema.blooms)
      .where(and(eq(schema.blooms.id, id), eq(schema.blooms.userId, user.id)));
    if (!row) throw new AppError('bloom.not_found');
    return row;
  }

  async get(user: UserRow, id: string): Promise<Bloom> {
    const row = await this.own(user, id);
    const [bloom] = (await this.present([row], true)) as [Bloom];
    // Only an agent whose training is under way can wait in its line (one query fewer for the others).
    const { status, model } = bloom.dataset;
    const training =
      status === 'ready' &&
      bloom.payment.status === 'paid' &&
      (model.status === 'pending' || model.status === 'processing');
    return training ? { ...bloom, trainingLine: await trainingLine(this.queue, id) } : bloom;
  }

  async list(user: UserRow, query: ListQuery): Promise<{ blooms: Bloom[]; total: number }> {
    const { rows, total } = await bloomList.page(this.db, user.id, query);
    return { blooms: await this.present(rows, false), total };
  }

  async rename(user: UserRow, id: string, name: string): Promise<Bloom> {
    await this.own(user, id);
    await this.db.update(schema.blooms).set({ name, updatedAt: new Date() }).where(eq(schema.blooms.id, id));
    return this.get(user, id);
  }

  /** Deletes the agent with everything it owns (protocols, stages, outputs): one statement, all or nothing. */
  async delete(user: UserRow, id: string): Promise<void> {
    await this.own(user, id);
    await this.db.delete(schema.blooms).where(eq(schema.blooms.id, id));
    // After the rows: a stage still running finds its agent gone and stores nothing.
    await this.files.removeAll(id);
  }

  /** The exported agent file, once training has written it. */
  async download(user: UserRow, id: string): Promise<{ name: string; content: Buffer }> {
    const row = await this.own(user, id);
    const content = await readAgentFile(this.db, this.files, id);
    if (!content) throw new AppError('bloom.file_not_found');
    return { name: row.name, content };
  }

  /** Presents agents with their stages (one query for all of them); the page view adds the summary. */
  private async present(rows: BloomRow[], detailed: boolean): Promise<Bloom[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    // Independent reads: side by side, each on its own connection of the pool.
    const [stages, protocols] = await Promise.all([
      readStages(this.db, ids),
      detailed ? readNormalizedProtocols(this.db, ids) : new Map<string, Protocol>(),
    ]);
    return rows.map((row) => {
      const protocol = protocols.get(row.id);
      return presentBloom(
        row,
        stages.filter((s) => s.bloomId === row.id),
        {
          hasDownload: row.hasDownload,
          protocolVersion: Number(row.protocolVersion ?? 1),
          summary: protocol ? summarize(protocol) : null,
        },
      );
    });
  }
}
