// Measures an agent's training end to end through a running server, as a user would see it:
// signs in, uploads a protocol file, polls the agent until it is trained (or failed) and prints
// each stage's wall time and the finetuning metrics.
//
//   node --conditions=source --import tsx scripts/measure-training.ts <server URL> <e-mail> <password> <protocol.json>
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bloomSchema, trainingMetricsSchema } from '@greenhouse/contracts';
import { HttpClient } from '../apps/server/test/support/http-client.js';

const [base, email, password, file] = process.argv.slice(2);
if (!base || !email || !password || !file) {
  process.stderr.write('usage: measure-training.ts <server URL> <e-mail> <password> <protocol.json>\n');
  process.exit(2);
}
const client = new HttpClient(base);
await client.get('/api/health');
const signIn = await client.post('/api/auth/signin', { email, password });
if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.text}`);
const started = Date.now();
const uploaded = await client.upload('/api/bloom/upload', path.basename(file), readFileSync(file, 'utf8'));
if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.text}`);
const id = (uploaded.json as { id: string }).id;
for (;;) {
  const bloom = bloomSchema.parse((await client.get(`/api/blooms/${id}`)).json);
  const failed = bloom.stages.find((s) => s.status === 'failed');
  if (failed) throw new Error(`${failed.name} failed: ${failed.error?.message}`);
  if (bloom.dataset.model.status === 'completed') {
    console.log(
      `${path.basename(file)}: trained in ${((Date.now() - started) / 1000).toFixed(1)} s from upload`,
    );
    for (const s of bloom.stages) {
      const seconds = (Date.parse(s.completedAt!) - Date.parse(s.startedAt!)) / 1000;
      console.log(`  ${s.name.padEnd(26)} ${seconds.toFixed(1).padStart(6)} s`);
    }
    const f = trainingMetricsSchema.parse(
      bloom.stages.find((s) => s.name === 'training_finetuning')!.metrics,
    );
    console.log(
      `  finetuning: ${f.parameters} parameters, ${f.steps} steps, train loss ${f.trainLoss?.toFixed(4)}, ` +
        `validation loss ${f.validationLoss?.toFixed(4) ?? '-'}, training reactions ${f.trainReactionAccuracy}, ` +
        `held-out reactions ${f.reactionAccuracy ?? '-'} (${f.heldOut ?? 0} held out)`,
    );
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
