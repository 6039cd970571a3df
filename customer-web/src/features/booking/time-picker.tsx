import { useId, useState } from 'react';
import {
  EXAM_TYPES,
  addDays,
  availabilityResponseSchema,
  formatBookingTime,
  formatClock,
  formatDanishDate,
  parseIsoDate,
  toIsoDate,
  type AgeGroup,
  type Availability,
  type AvailabilityDay,
  type ExamType,
  type Slot,
} from '@optik/shared';
import type { Api } from '../../api';
import { LoadError } from '../../load-error';
import { FieldError } from '../../text-field';
import { useApi } from '../../use-api';
import { bl } from './later-messages';

const tt = bl.time;
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const shift = (date: string, days: number) => toIsoDate(addDays(parseIsoDate(date)!, days));
const when = (slot: Slot) => formatBookingTime(slot.start, slot.end);

export interface TimePickerProps {
  api: Pick<Api, 'get'>;
  storeId: string;
  examType: ExamType;
  ageGroup?: AgeGroup;
  /** Today in Copenhagen ('YYYY-MM-DD'): the first week shown starts here. */
  today: string;
  selected: Slot | null;
  onSelect: (slot: Slot) => void;
  /** Bumped to fetch the times again (after "time taken"). */
  reloadKey?: number;
  error?: string;
  /** SPEC §8 alternatives: take a time in a nearby store or for a similar exam instead. */
  onChooseStore?: (storeId: string, slot: Slot) => void;
  onChooseExam?: (examType: ExamType, slot: Slot) => void;
}

/**
 * A week of free times as one radio group (arrow keys move between times), with the store's
 * closed days and their reason, and — when the week has no free time — the alternatives the API
 * found: the next free time here, a similar exam, or a nearby store (SPEC §8).
 */
export function TimePicker({ api, storeId, examType, ageGroup, today, selected, onSelect, reloadKey = 0, error, onChooseStore, onChooseExam }: TimePickerProps) {
  const id = useId();
  const [from, setFrom] = useState(() => (selected && selected.date > today ? selected.date : today));
  const query = new URLSearchParams({ storeId, examType, from, days: '7', ...(ageGroup ? { ageGroup } : {}) }).toString();
  const [times, reload] = useApi(`availability?${query}#${reloadKey}`, () => api.get(availabilityResponseSchema, `/api/bookings/availability?${query}`));
  const to = shift(from, 6);

  /** Shows the week that starts with the chosen time's day. */
  const jump = (slot: Slot) => setFrom(slot.date);

  return (
    <div className="booking-times">
      <div className="booking-week-nav">
        <button type="button" className="secondary" disabled={from <= today} onClick={() => setFrom(from <= shift(today, 7) ? today : shift(from, -7))}>
          {tt.previousWeek}
        </button>
        <p aria-live="polite">{tt.week(formatDanishDate(from, { year: false }), formatDanishDate(to, { year: false }))}</p>
        <button type="button" className="secondary" onClick={() => setFrom(shift(from, 7))}>
          {tt.nextWeek}
        </button>
      </div>
      {selected && (
        <p className="booking-chosen" id={`${id}-chosen`}>
          {tt.chosen(when(selected))}
        </p>
      )}
      {times.state === 'loading' && <p role="status">{tt.loading}</p>}
      {times.state === 'error' && <LoadError onRetry={reload} />}
      {times.state === 'ready' && (
        <Week
          id={id}
          data={times.data.data}
          selected={selected}
          error={error}
          onSelect={onSelect}
          onJump={(slot) => {
            jump(slot);
            onSelect(slot);
          }}
          onChooseStore={
            onChooseStore &&
            ((s, slot) => {
              jump(slot);
              onChooseStore(s, slot);
            })
          }
          onChooseExam={
            onChooseExam &&
            ((e, slot) => {
              jump(slot);
              onChooseExam(e, slot);
            })
          }
        />
      )}
    </div>
  );
}

function Week({
  id,
  data,
  selected,
  error,
  onSelect,
  onJump,
  onChooseStore,
  onChooseExam,
}: {
  id: string;
  data: Availability;
  selected: Slot | null;
  error?: string;
  onSelect: (slot: Slot) => void;
  onJump: (slot: Slot) => void;
  onChooseStore?: (storeId: string, slot: Slot) => void;
  onChooseExam?: (examType: ExamType, slot: Slot) => void;
}) {
  const errorId = `${id}-error`;
  const hasTimes = data.days.some((d) => d.slots.length > 0);
  return (
    <>
      {data.unavailable && (
        <p role="alert" className="error">
          {data.unavailable.message}
        </p>
      )}
      {data.days.length === 0 && error && <FieldError id={errorId}>{error}</FieldError>}
      {data.days.length > 0 && (
        <fieldset className="booking-slots" aria-describedby={error ? errorId : undefined}>
          <legend>{tt.legend}</legend>
          {error && <FieldError id={errorId}>{error}</FieldError>}
          {data.days.map((day) => (
            <Day key={day.date} day={day} name={`${id}-slot`} selected={selected} onSelect={onSelect} />
          ))}
        </fieldset>
      )}
      {!hasTimes && !data.unavailable && (
        <p role="status" className="booking-no-times">
          {tt.noTimes}
        </p>
      )}
      {data.alternatives && <Alternatives id={id} alternatives={data.alternatives} onJump={onJump} onChooseStore={onChooseStore} onChooseExam={onChooseExam} />}
    </>
  );
}

function Day({ day, name, selected, onSelect }: { day: AvailabilityDay; name: string; selected: Slot | null; onSelect: (slot: Slot) => void }) {
  const label = capitalize(formatDanishDate(day.date, { year: false }));
  const spoken = formatDanishDate(day.date, { year: false });
  return (
    <div className="booking-day">
      <h3>{label}</h3>
      {day.closed ? (
        <p className="muted">{day.closed.reason === 'beyond-horizon' ? tt.beyondHorizon : tt.closed(day.closed.name)}</p>
      ) : day.slots.length === 0 ? (
        <p className="muted">{tt.noneThatDay}</p>
      ) : (
        <ul className="booking-slot-list">
          {day.slots.map((slot) => (
            <li key={slot.start}>
              <label className="booking-slot">
                <input type="radio" name={name} value={slot.start} checked={selected?.start === slot.start} onChange={() => onSelect(slot)} />
                <span aria-hidden="true">{formatClock(slot.time)}</span>
                <span className="visually-hidden">{tt.slotLabel(spoken, formatClock(slot.time), formatClock(slot.endTime))}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Alternatives({
  id,
  alternatives,
  onJump,
  onChooseStore,
  onChooseExam,
}: {
  id: string;
  alternatives: NonNullable<Availability['alternatives']>;
  onJump: (slot: Slot) => void;
  onChooseStore?: (storeId: string, slot: Slot) => void;
  onChooseExam?: (examType: ExamType, slot: Slot) => void;
}) {
  const similar = onChooseExam ? alternatives.similarExamTypes : [];
  const nearby = onChooseStore ? alternatives.nearbyStores : [];
  const none = !alternatives.nextAvailable && similar.length === 0 && nearby.length === 0;
  return (
    <section className="booking-alternatives" aria-labelledby={`${id}-alternatives`}>
      <h3 id={`${id}-alternatives`}>{tt.alternativesHeading}</h3>
      {none && <p>{tt.noAlternatives}</p>}
      <ul>
        {alternatives.nextAvailable && (
          <li>
            <p>{tt.nextAvailable(when(alternatives.nextAvailable))}</p>
            <button type="button" onClick={() => onJump(alternatives.nextAvailable!)}>
              {tt.chooseThisTime}
            </button>
          </li>
        )}
        {similar.map((s) => (
          <li key={s.examType}>
            <p>{tt.similarExam(EXAM_TYPES[s.examType].name, when(s.nextAvailable))}</p>
            <button type="button" className="secondary" onClick={() => onChooseExam!(s.examType, s.nextAvailable)}>
              {tt.chooseExam(EXAM_TYPES[s.examType].name)}
            </button>
          </li>
        ))}
        {nearby.map((s) => (
          <li key={s.storeId}>
            <p>{tt.nearbyStore(s.name, (s.distanceKm ?? 0).toLocaleString('da-DK', { maximumFractionDigits: 1 }), when(s.nextAvailable))}</p>
            <button type="button" className="secondary" onClick={() => onChooseStore!(s.storeId, s.nextAvailable)}>
              {tt.chooseStore(s.name)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
