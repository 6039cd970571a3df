import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRow } from '../../db/db';
import type { LoopRun } from '../../sync/loop';

vi.mock('../../api', () => ({ api: {} }));
const { db } = await import('../../services');
const { ConnectionBanner } = await import('./connection-banner');
const { syncNow } = await import('./sync-now');

const row = (id: string, status: OutboxRow['status']): OutboxRow => ({
  id, type: 'customer.create', createdAt: '2026-11-25T09:00:00.000Z', payload: {}, sealed: null, entity: null, dependsOn: [], status, attempts: 0, nextAttemptAt: 0, error: null, sentAt: null,
});

/** Services whose loop answers `runs` in turn (the banner's only way to sync). */
function fakeServices(...runs: LoopRun[]) {
  const resetBackoff = vi.fn(async () => {});
  const trigger = vi.fn(async () => runs.shift()!);
  const services = (async () => ({ engine: { resetBackoff }, trigger })) as never;
  return { services, resetBackoff, trigger };
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

/** The banner's landmark, by its label (a role query over the whole page takes seconds in jsdom on a busy machine). */
const banner = () => document.querySelector<HTMLElement>('section[aria-label="Forbindelse og synkronisering"]')!;

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the connection banner', () => {
  it('says when the network is gone and how many actions wait, and follows the outbox and the network', async () => {
    await db.outbox.bulkAdd([row('a', 'pending'), row('b', 'pending'), row('c', 'rejected'), row('d', 'sent')]);
    render(<ConnectionBanner services={fakeServices().services} />);
    setOnline(false);
    expect(await within(banner()).findByText('Ingen forbindelse – 3 handlinger venter')).toBeTruthy();
    await act(() => db.outbox.add(row('e', 'pending')));
    expect(await within(banner()).findByText('Ingen forbindelse – 4 handlinger venter')).toBeTruthy();
    setOnline(true);
    expect(await within(banner()).findByText('4 handlinger venter')).toBeTruthy();
    expect(within(banner()).queryByText(/Ingen forbindelse/)).toBeNull();
  });

  it('"Synkronisér nu" resets the backoff, runs the loop and says what it did', async () => {
    const { services, resetBackoff, trigger } = fakeServices(
      { applied: 2, rejected: 1, stoppedBy: { kind: 'idle' } },
      { applied: 0, rejected: 0, stoppedBy: { kind: 'offline', retryAt: 0 } },
      { applied: 0, rejected: 0, stoppedBy: { kind: 'idle' } },
    );
    render(<ConnectionBanner services={services} />);
    const button = within(banner()).getByRole('button', { name: 'Synkronisér nu' });
    fireEvent.click(button);
    expect(await within(banner()).findByText('2 sendt, 1 afvist – se Synkronisering')).toBeTruthy();
    expect(resetBackoff).toHaveBeenCalledTimes(1);
    fireEvent.click(button);
    expect(await within(banner()).findByText('Ingen forbindelse – prøv igen, når nettet er tilbage')).toBeTruthy();
    fireEvent.click(button);
    expect(await within(banner()).findByText('Intet at sende')).toBeTruthy();
    expect(trigger).toHaveBeenCalledTimes(3);
    // The message is announced: it sits in a status region.
    expect(within(banner()).getAllByRole('status').map((s) => s.textContent)).toContain('Intet at sende');
  });
});

describe('syncNow: the sentence for each outcome', () => {
  const say = (run: LoopRun, pending = 0) => syncNow({ resetBackoff: async () => {}, trigger: async () => run, pendingCount: async () => pending });

  it('counts what went, and says when the rest waits for the network', async () => {
    expect(await say({ applied: 3, rejected: 0, stoppedBy: { kind: 'idle' } })).toBe('3 sendt');
    expect(await say({ applied: 1, rejected: 0, stoppedBy: { kind: 'offline', retryAt: 0 } })).toBe('1 sendt – resten venter på forbindelse');
    expect(await say({ applied: 0, rejected: 2, stoppedBy: { kind: 'idle' } })).toBe('0 sendt, 2 afvist – se Synkronisering');
  });

  it('tells why nothing went: no network, a login needed, or commands held by a rejected one', async () => {
    expect(await say({ applied: 0, rejected: 0, stoppedBy: { kind: 'waiting', until: 0 } })).toBe('Ingen forbindelse – prøv igen, når nettet er tilbage');
    expect(await say({ applied: 0, rejected: 0, stoppedBy: { kind: 'unauthenticated' } })).toMatch(/^Serveren kræver et nyt login/);
    expect(await say({ applied: 0, rejected: 0, stoppedBy: { kind: 'idle' } }, 2)).toBe('Intet sendt – 2 handlinger venter på en afvist ændring – se Synkronisering');
    expect(await say({ applied: 0, rejected: 0, stoppedBy: { kind: 'idle' } })).toBe('Intet at sende');
  });
});
