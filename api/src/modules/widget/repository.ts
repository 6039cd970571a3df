import type { Page, Storage } from '../../storage/port';
import { widgetEventsCollection, type WidgetEventRecord } from './records';

/** The widget's tracking events. */
export class WidgetRepository {
  constructor(private readonly storage: Storage) {}

  private get events() {
    return this.storage.collection(widgetEventsCollection);
  }

  async addEvents(events: readonly WidgetEventRecord[]): Promise<void> {
    await this.events.putMany(events);
  }

  /** Every event, oldest first, a page at a time (`after`: the previous page's `next`). */
  eventPage(after: string | null, limit: number): Promise<Page<WidgetEventRecord>> {
    return this.events.page('byTime', 'all', after === null ? { limit } : { limit, after });
  }
}
