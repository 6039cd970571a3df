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

  /** Records a processed command; DuplicateKeyError when its command id is logged already. */
  insert(entry: SyncLogRecord): Promise<SyncLogRecord> {
    return this.log.insert(entry);
  }
}
