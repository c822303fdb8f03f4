// TF-IDF vectors of short texts — word 1–2-grams and character 3–5-grams (within word boundaries), sublinear tf,
// smoothed idf, L2-normalised — the classical representation of the bench's centroid peer and of its
// line-fits-reaction measure. A few dozen lines of our own: the registry's TF-IDF packages (natural's TfIdf)
// weight whole documents by term and have no n-gram or cosine vector form.

export type SparseVector = Map<string, number>;

/** Lowercase words: runs of letters, digits and apostrophes. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((w) => w.length > 0);
}

/** Word unigrams and bigrams, and character 3–5-grams of the words joined by spaces (padded). */
export function grams(text: string): string[] {
  const words = wordsOf(text);
  const out: string[] = [];
  words.forEach((w, i) => {
    out.push(`w:${w}`);
    if (i > 0) out.push(`b:${words[i - 1]} ${w}`);
  });
  const padded = ` ${words.join(' ')} `;
  for (let n = 3; n <= 5; n++)
    for (let i = 0; i + n <= padded.length; i++) out.push(`c:${padded.slice(i, i + n)}`);
  return out;
}

export class TfIdf {
  private readonly df = new Map<string, number>();
  private readonly documents: number;

  constructor(texts: readonly string[]) {
    for (const t of texts) for (const g of new Set(grams(t))) this.df.set(g, (this.df.get(g) ?? 0) + 1);
    this.documents = texts.length;
  }

  vector(text: string): SparseVector {
    const tf = new Map<string, number>();
    for (const g of grams(text)) tf.set(g, (tf.get(g) ?? 0) + 1);
    const v: SparseVector = new Map();
    let norm = 0;
    for (const [g, count] of tf) {
      const idf = Math.log((1 + this.documents) / (1 + (this.df.get(g) ?? 0))) + 1;
      const w = (1 + Math.log(count)) * idf;
      v.set(g, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [g, w] of v) v.set(g, w / norm);
    return v;
  }
}

export function cosine(a: SparseVector, b: SparseVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let s = 0;
  for (const [g, w] of small) s += w * (large.get(g) ?? 0);
  return s;
}

/** The sum of vectors, L2-normalised (a class centroid in cosine space). */
export function centroid(vectors: readonly SparseVector[]): SparseVector {
  const c: SparseVector = new Map();
  for (const v of vectors) for (const [g, w] of v) c.set(g, (c.get(g) ?? 0) + w);
  let norm = 0;
  for (const w of c.values()) norm += w * w;
  norm = Math.sqrt(norm) || 1;
  for (const [g, w] of c) c.set(g, w / norm);
  return c;
}
