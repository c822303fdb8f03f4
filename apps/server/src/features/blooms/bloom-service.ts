import {
  BLOOM_NAME_SERVER_MAX,
  type Bloom,
  type BloomVersion,
  type ListQuery,
  type ScenariosRequest,
  type ScenariosResponse,
  type SharedBloom,
  type VersionCompareResponse,
} from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { and, eq, getTableColumns } from 'drizzle-orm';
import { protocolToDraft, type BloomDraft, type Protocol } from '@greenhouse/mtp';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../../lib/auth-context.js';
import { isUuid, OwnedList } from '../../lib/owned-list.js';
import { agentFileDisposition, type AgentFile } from '../../lib/send-agent-file.js';
import { VersionedCache } from '../../lib/versioned-cache.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { ArtifactStore } from '../pipeline/artifact-store.js';
import { startPipeline } from '../pipeline/pipeline-jobs.js';
import {
  currentVersionSql,
  normalizedProtocolSql,
  agentFileRef,
  readAgentFile,
  readNormalizedProtocol,
  versionsJsonSql,
  type VersionView,
} from '../pipeline/stage-outputs.js';
import { stagesJsonSql, type StageView } from '../pipeline/stages.js';
import { deleteVersionRows, versionUnderWay } from '../pipeline/versions.js';
import { trainingLine } from '../pipeline/training-line.js';
import { compareVersions } from './bloom-compare.js';
import { readScenarios, saveScenarios } from './bloom-scenarios.js';
import { presentBloom, summarize } from './present-bloom.js';
import { hasVersion, versionProtocol } from './version-protocol.js';
import type { CheckedProtocolFile } from './protocol-file.js';

/** What the agent's writes and downloads read of it: its row and the version its download serves. */
const ownColumns = {
  ...getTableColumns(schema.blooms),
  currentVersion: currentVersionSql(schema.blooms.id),
};
type OwnRow = typeof schema.blooms.$inferSelect & { currentVersion: number | null };

/**
 * An agent's row with what its presentation needs beyond it, read in the same query (a correlated subquery
 * each): the version its download serves and the stages of the version in the works. A page of the list is
 * then one query.
 */
const bloomColumns = { ...ownColumns, stages: stagesJsonSql(schema.blooms.id, { inList: false }) };
type BloomRow = OwnRow & { stages: StageView[] };

/**
 * One agent, as its page shows it: with its normalised protocol (for the summary) and its versions, in the
 * same query.
 */
const agentColumns = {
  ...bloomColumns,
  protocol: normalizedProtocolSql(schema.blooms.id),
  versions: versionsJsonSql(schema.blooms.id),
};
type DetailedBloomRow = BloomRow & { protocol: Protocol | null; versions: VersionView[] };

/** The condition of the user's own agent of this id; a malformed id is "not found" before any query. */
function ownedBy(user: UserRow, id: string) {
  if (!isUuid(id)) throw new AppError('bloom.not_found');
  return and(eq(schema.blooms.id, id), eq(schema.blooms.userId, user.id));
}

/** The row an owned query found; anyone else's agent is "not found", never "forbidden". */
function found<Row>(row: Row | undefined): Row {
  if (!row) throw new AppError('bloom.not_found');
  return row;
}

/** The user's own agent's row, locked for the caller's transaction (its versions change one at a time). */
async function lockOwned(tx: Db, user: UserRow, id: string) {
  const [bloom] = await tx.select().from(schema.blooms).where(ownedBy(user, id)).for('update');
  return found(bloom);
}

/** GET /blooms: the user's agents, filtered by name; their stages without the agent page's large metrics. */
export const bloomList = new OwnedList<typeof schema.blooms, BloomRow>({
  table: schema.blooms,
  columns: { ...bloomColumns, stages: stagesJsonSql(schema.blooms.id, { inList: true }) },
  sortColumns: {
    updatedAt: schema.blooms.updatedAt,
    createdAt: schema.blooms.createdAt,
    name: schema.blooms.name,
  },
  search: { field: 'name', column: schema.blooms.name },
});

/** How much of the agents lists a process keeps (about 2,000 pages of 25 agents). */
const LIST_CACHE_BYTES = 32 * 1024 * 1024;
/** How much of the agent pages a process keeps (about 4,000 agents; a trained one's metrics are larger). */
const PAGE_CACHE_BYTES = 16 * 1024 * 1024;

export class BloomService {
  // Both kept under the user's data version (lib/versioned-cache.ts): the lists as JSON text, the agents as
  // presented, counted by their JSON's size (measured once, as each is kept).
  private readonly lists = new VersionedCache<string>(LIST_CACHE_BYTES, (json) => json.length);
  private readonly pages = new VersionedCache<Bloom>(
    PAGE_CACHE_BYTES,
    (bloom) => JSON.stringify(bloom).length,
  );

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly config: Pick<Config, 'agentPriceCents' | 'paymentCurrency' | 'jobs'>,
    private readonly files: ArtifactStore,
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
    await startPipeline(tx, this.queue, row!.id, 1);
    return row!.id;
  }

  /**
   * POST /blooms/{id}/versions: the checked protocol becomes the agent's next version, priced as a new agent
   * is, and its pipeline starts — all in one transaction, once the version in the works has finished (two
   * calls at once: the agent's row is locked, and the second finds the first's version under way).
   */
  async newVersion(user: UserRow, id: string, file: CheckedProtocolFile): Promise<BloomVersion> {
    const number = await this.db.transaction((tx) => this.insertVersion(tx, user, id, file));
    const version = (await this.get(user, id)).versions.find((v) => v.number === number);
    if (!version) throw new AppError('bloom.version_not_found');
    return version;
  }

  /**
   * The writes of `newVersion` inside the caller's transaction (a chat editing the agent closes itself in the
   * same one); returns the new version's number.
   */
  async insertVersion(tx: Db, user: UserRow, id: string, file: CheckedProtocolFile): Promise<number> {
    const bloom = await lockOwned(tx, user, id);
    if (await versionUnderWay(tx, bloom)) throw new AppError('bloom.version_in_progress');
    const next = bloom.latestVersion + 1;
    const free = this.config.agentPriceCents === 0;
    await tx.insert(schema.bloomProtocols).values({ bloomId: id, version: next, content: file.content });
    await tx
      .update(schema.blooms)
      .set({
        latestVersion: next,
        datasetName: file.fileName,
        priceCents: this.config.agentPriceCents,
        currency: this.config.paymentCurrency,
        paymentStatus: free ? 'paid' : 'not_initialized',
        completedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(schema.blooms.id, id));
    await startPipeline(tx, this.queue, id, next);
    return next;
  }

  /**
   * "Edit and retrain": the agent's newest version as a draft for the chat's draft editor, with the number the
   * edited draft will train as, or `bloom.not_editable` (with the reason) when the protocol has no draft form.
   */
  async draftOf(
    user: UserRow,
    id: string,
  ): Promise<{ name: string; nextVersion: number; draft: BloomDraft }> {
    const bloom = await this.own(user, id);
    const converted = protocolToDraft(await versionProtocol(this.db, id, bloom.latestVersion), bloom.name);
    if (!converted.ok) throw new AppError('bloom.not_editable', { reason: converted.reason });
    return { name: bloom.name, nextVersion: bloom.latestVersion + 1, draft: converted.draft };
  }

  /**
   * DELETE /blooms/{id}/versions/{number}: one version with its stages and files; never the only one, nor the
   * one in the works while it is under way. Deleting the newest makes the one before it the version in the works
   * again (trained or failed as it was, so paid for).
   */
  async deleteVersion(user: UserRow, id: string, number: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const bloom = await lockOwned(tx, user, id);
      const versions = await tx
        .select({ version: schema.bloomProtocols.version })
        .from(schema.bloomProtocols)
        .where(eq(schema.bloomProtocols.bloomId, id));
      if (!versions.some((v) => v.version === number)) throw new AppError('bloom.version_not_found');
      if (versions.length === 1) throw new AppError('bloom.only_version');
      if (number === bloom.latestVersion && (await versionUnderWay(tx, bloom)))
        throw new AppError('bloom.version_in_progress');
      await deleteVersionRows(tx, id, number);
      await tx
        .delete(schema.bloomProtocols)
        .where(and(eq(schema.bloomProtocols.bloomId, id), eq(schema.bloomProtocols.version, number)));
      if (number === bloom.latestVersion) {
        const previous = Math.max(...versions.map((v) => v.version).filter((v) => v !== number));
        await tx
          .update(schema.blooms)
          .set({ latestVersion: previous, paymentStatus: 'paid', updatedAt: new Date() })
          .where(eq(schema.blooms.id, id));
      } else await tx.update(schema.blooms).set({ updatedAt: new Date() }).where(eq(schema.blooms.id, id));
    });
    // After the rows: a stage of it still running finds its rows gone and stores nothing.
    await this.files.removeVersion(id, number);
  }

  /**
   * The user's own agent, its row and the version its download serves; anyone else's is "not found", never
   * "forbidden".
   */
  private async own(user: UserRow, id: string): Promise<OwnRow> {
    const [row] = await this.db.select(ownColumns).from(schema.blooms).where(ownedBy(user, id));
    return found(row);
  }

  /** The user's own agent as its page shows it (see agentColumns). */
  private async ownBloom(user: UserRow, id: string): Promise<DetailedBloomRow> {
    const [row] = await this.db.select(agentColumns).from(schema.blooms).where(ownedBy(user, id));
    return found(row);
  }

  /** The agent as it is now: after a write, which the version read with the session does not yet count. */
  async get(user: UserRow, id: string): Promise<Bloom> {
    return this.withTrainingLine(await this.read(user, id));
  }

  /**
   * GET /blooms/{id}: the agent is kept per user and agent under the user's data version (read with the
   * session, before the agent), like the list; only its place in the training line, which other users'
   * agents move, is read for each request.
   */
  async page(user: UserRow, id: string): Promise<Bloom> {
    const bloom = await this.pages.get(`${user.id} ${id}`, user.dataVersion, () => this.read(user, id));
    return this.withTrainingLine(bloom);
  }

  private async read(user: UserRow, id: string): Promise<Bloom> {
    const row = await this.ownBloom(user, id);
    return this.present(row, row.protocol, row.versions);
  }

  private async withTrainingLine(bloom: Bloom): Promise<Bloom> {
    // Only an agent whose training is under way can wait in its line (one query fewer for the others).
    const { status, model } = bloom.dataset;
    const training =
      status === 'ready' &&
      bloom.payment.status === 'paid' &&
      (model.status === 'pending' || model.status === 'processing');
    if (!training) return bloom;
    const line = await trainingLine(this.db, this.queue, bloom.id, this.config.jobs.sliceSeconds);
    return { ...bloom, trainingLine: line };
  }

  /**
   * GET /blooms as JSON text: a page is made once per user, query and version of the user's agents (read
   * with the session, before the page), then served again until anything of their agents changes.
   */
  async listJson(user: UserRow, query: ListQuery): Promise<string> {
    return this.lists.get(`${user.id} ${JSON.stringify(query)}`, user.dataVersion, async () =>
      JSON.stringify(await this.list(user, query)),
    );
  }

  private async list(user: UserRow, query: ListQuery): Promise<{ blooms: Bloom[]; total: number }> {
    const { rows, total } = await bloomList.page(this.db, user.id, query);
    return { blooms: rows.map((row) => this.present(row, null, [])), total };
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

  /** GET /blooms/{id}/compare?a=&b=: two of the agent's versions side by side. */
  async compare(user: UserRow, id: string, a: number, b: number): Promise<VersionCompareResponse> {
    return compareVersions(this.db, id, (await this.ownBloom(user, id)).versions, a, b);
  }

  /** GET /blooms/{id}/scenarios. */
  async scenarios(user: UserRow, id: string): Promise<ScenariosResponse> {
    return readScenarios(this.db, await this.own(user, id));
  }

  /** PUT /blooms/{id}/scenarios: checked, stored and run on every trained version (bloom-scenarios.ts). */
  async saveScenarios(user: UserRow, id: string, request: ScenariosRequest): Promise<ScenariosResponse> {
    await saveScenarios(this.db, this.files, await this.own(user, id), request);
    return this.scenarios(user, id);
  }

  /** The current version's agent file (see currentVersionSql), once one is trained. */
  async download(user: UserRow, id: string): Promise<AgentFile> {
    const row = await this.own(user, id);
    const file = row.currentVersion ? await this.agentFile(id, row.currentVersion, row.name) : null;
    if (!file) throw new AppError('bloom.file_not_found');
    return file;
  }

  /**
   * A version's agent file for its owner: the store's presigned address where it gives one (S3, issue 35: the file
   * never passes through the API), else the bytes, checked against their record. Null before the file is written.
   */
  private async agentFile(id: string, version: number, name: string): Promise<AgentFile | null> {
    const ref = await agentFileRef(this.db, id, version);
    if (!ref) return null;
    const direct = await this.files.directDownload(id, ref, agentFileDisposition(name));
    return direct ? { name, url: direct.url } : { name, content: await this.files.read(id, ref) };
  }

  /**
   * Share links (issue 34, features/shares): the user's own agent, and whether it has a version to download (what
   * a link serves); anyone else's is "not found", never "forbidden".
   */
  async ownedForSharing(user: UserRow, id: string): Promise<{ downloadable: boolean }> {
    return { downloadable: (await this.own(user, id)).currentVersion !== null };
  }

  /**
   * What a share link shows of an agent (whoever asks: the link is the permission): its name and the names of its
   * current version's reactions (the protocol's final tokens, first appearance first). Null when the agent is gone
   * or has no version to download.
   */
  async sharedView(id: string): Promise<SharedBloom | null> {
    const row = await this.current(id);
    if (!row) return null;
    const protocol = await readNormalizedProtocol(this.db, id, row.currentVersion);
    const reactions = [...new Set(protocol?.sets.flatMap((set) => set.finalTokens) ?? [])];
    return { name: row.name, reactions };
  }

  /** The agent file a share link serves: the current version's (as the owner's download), or null. */
  async sharedFile(id: string): Promise<{ name: string; content: Buffer } | null> {
    const row = await this.current(id);
    const content = row ? await readAgentFile(this.db, this.files, id, row.currentVersion) : null;
    return row && content ? { name: row.name, content } : null;
  }

  /** An agent's name and the version its download serves, whoever owns it; null when gone or nothing serves. */
  private async current(id: string): Promise<{ name: string; currentVersion: number } | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db
      .select({ name: schema.blooms.name, currentVersion: ownColumns.currentVersion })
      .from(schema.blooms)
      .where(eq(schema.blooms.id, id));
    return row && row.currentVersion !== null ? { name: row.name, currentVersion: row.currentVersion } : null;
  }

  /** One version's agent file, once it is trained. */
  async downloadVersion(user: UserRow, id: string, number: number): Promise<AgentFile> {
    const row = await this.own(user, id);
    if (!(await hasVersion(this.db, id, number))) throw new AppError('bloom.version_not_found');
    const file = await this.agentFile(id, number, number > 1 ? `${row.name} v${number}` : row.name);
    if (!file) throw new AppError('bloom.file_not_found');
    return file;
  }

  /** Presents an agent read with its stages; the agent page adds the summary of its protocol and its versions. */
  private present(row: BloomRow, protocol: Protocol | null, versions: VersionView[]): Bloom {
    return presentBloom(row, row.stages, {
      currentVersion: row.currentVersion,
      summary: protocol ? summarize(protocol) : null,
      versions,
    });
  }
}
