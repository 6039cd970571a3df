import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { jobLeasesCollection } from './jobs/records';
import type { Clock } from './ports/clock';
import { DuplicateKeyError, type Storage } from './storage/port';

export const HOUR_MS = 60 * 60 * 1000;

/** How often an instance looks whether this hour's run is due; the job itself runs once an hour. */
export const CHECK_MS = 5 * 60 * 1000;
/** How long a claim stands unrenewed: the job of an instance that died is free again after this. */
export const LEASE_MS = 10 * 60 * 1000;
/** A running job renews its claim this often, so a long run is never taken over while its instance lives. */
export const RENEW_MS = 2 * 60 * 1000;

/** This process in the leases: a random id per start. */
const THIS_INSTANCE = randomUUID();

/** The hour a run belongs to (UTC), e.g. `2026-11-26T10`: one run per slot across instances. */
export const hourSlot = (now: Date): string => now.toISOString().slice(0, 13);

export interface LeasedJobOptions {
  /** The job's name: its lease in storage. */
  name: string;
  storage: Storage;
  clock: Clock;
  /** This instance in the lease; a random id per process unless a test starts two "instances". */
  holder?: string;
  /** Where a failed renewal of the lease is logged. */
  logger?: Logger;
}

/** Thrown inside the claim's update to leave the lease as it is. */
class LeaseTaken extends Error {}

/**
 * A job that runs at most once per hour slot across every API instance on one storage. `tick`
 * claims the job's lease in one storage transaction — refused when this slot already ran or a
 * live holder has it (its `leaseUntil` not passed) — then runs the job, renewing the claim while
 * it runs, and finally records the slot and frees the lease. A failed run frees the lease without
 * recording the slot, so the next tick (here or elsewhere) tries again. Jobs stay idempotent: a
 * holder that stalls longer than the lease may see its job run a second time.
 */
export function leasedJob(run: () => Promise<unknown>, { name, storage, clock, holder = THIS_INSTANCE, logger }: LeasedJobOptions) {
  const leases = storage.collection(jobLeasesCollection);

  async function claim(now: Date, slot: string): Promise<boolean> {
    const at = now.toISOString();
    const mine = { holder, leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString() };
    try {
      return await storage.transaction(async () => {
        const taken = await leases.update(name, (cur) => {
          if (cur.lastRunSlot !== null && cur.lastRunSlot >= slot) throw new LeaseTaken();
          if (cur.holder !== null && cur.leaseUntil !== null && cur.leaseUntil > at) throw new LeaseTaken();
          return { ...cur, ...mine };
        });
        if (!taken) await leases.insert({ id: name, ...mine, lastRunSlot: null });
        return true;
      });
    } catch (err) {
      // Ran this hour, held by a live instance, or first created by another instance just now.
      if (err instanceof LeaseTaken || err instanceof DuplicateKeyError) return false;
      throw err;
    }
  }

  async function renew(): Promise<void> {
    const leaseUntil = new Date(clock.now().getTime() + LEASE_MS).toISOString();
    await leases
      .update(name, (cur) => {
        if (cur.holder !== holder) throw new LeaseTaken();
        return { ...cur, leaseUntil };
      })
      .catch((err: unknown) => {
        if (!(err instanceof LeaseTaken)) throw err;
      });
  }

  /** Frees the lease if still ours, and records `ranSlot` (a run that completed) unless a later one is recorded. */
  async function release(ranSlot: string | null): Promise<void> {
    await leases.update(name, (cur) => ({
      ...cur,
      ...(cur.holder === holder ? { holder: null, leaseUntil: null } : {}),
      lastRunSlot: ranSlot !== null && (cur.lastRunSlot === null || cur.lastRunSlot < ranSlot) ? ranSlot : cur.lastRunSlot,
    }));
  }

  return {
    /** Runs the job if this hour's run is due and nobody else runs it; resolves whether it ran, rejects when the run failed. */
    async tick(): Promise<boolean> {
      const now = clock.now();
      const slot = hourSlot(now);
      if (!(await claim(now, slot))) return false;
      const renewal = setInterval(() => void renew().catch((err: unknown) => logger?.error({ err, job: name }, 'job: lease kunne ikke forlænges')), RENEW_MS);
      renewal.unref();
      try {
        await run();
      } catch (err) {
        clearInterval(renewal);
        // The run's failure is what is reported; a lease left behind expires by itself.
        await release(null).catch(() => undefined);
        throw err;
      }
      clearInterval(renewal);
      await release(slot);
      return true;
    },
  };
}

interface HourlyJobOptions extends LeasedJobOptions {
  /** Where a failed run is logged, with `failure` as its message. */
  logger?: Logger;
  failure: string;
  /** How often to look whether the run is due (tests look more often). */
  intervalMs?: number;
}

/**
 * Runs an idempotent background job once an hour across all API instances (the lens deliveries,
 * the Lifestyle monthly run, retention): looks now and then every `intervalMs` whether this
 * hour's run is due (`leasedJob`). A failed run is logged and a later look tries again — it
 * never throws into the timer or stops the server; the timer does not keep the process alive.
 * Returns the stop function the server calls on close.
 */
export function startHourlyJob(run: () => Promise<unknown>, { failure, intervalMs = CHECK_MS, ...lease }: HourlyJobOptions): () => void {
  const job = leasedJob(run, lease);
  const tick = () => void job.tick().catch((err: unknown) => lease.logger?.error({ err }, failure));
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
