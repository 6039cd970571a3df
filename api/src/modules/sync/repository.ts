import type { Storage } from '../../storage/port';
import { syncLogCollection, type SyncLogRecord } from './records';

/** The only code reading and writing the sync log. */
export class SyncLogRepository {
  constructor(private readonly storage: Storage) {}

  private get log() {
    return this.storage.collection(syncLogCollection);
  }

  get(commandId: string): Promise<SyncLogRecord | undefined> {
    return this.log.get(commandId);
  }

  /** The logged entries among these command ids (one read for a whole request). */
  getMany(commandIds: readonly string[]): Promise<SyncLogRecord[]> {
    return this.log.getMany(commandIds);
  }

  /** Records a processed command; DuplicateKeyError when its command id is logged already. */
  insert(entry: SyncLogRecord): Promise<SyncLogRecord> {
    return this.log.insert(entry);
  }
}
