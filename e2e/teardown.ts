import { rm } from 'node:fs/promises';
import { dataDir } from './env';

export default async function teardown() {
  await rm(dataDir, { recursive: true, force: true });
}
